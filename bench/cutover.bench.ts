/**
 * What shadowing costs the caller: the latency of the primary's answers through `createCutover` with every
 * journey mirrored on v2 (shadow, sample 100%) against the same cutover with shadowing off (stage v1), in one
 * run, rounds alternating. Shadowing runs two ways: its calls on the shadow thread (`shadow.thread`, as the shim
 * runs them), and on the primary's own thread (the library's default). v1 and v2 are two services: each side's
 * simulator runs in a process of its own on loopback and is reached over HTTP, so the shadow's load lands on the
 * v2 service, not on the v1 one. Two references run in the same rounds: shadowing off twice (the A/A noise floor;
 * pooled, the baseline the others are weighed against), and off beside an unrelated busy loop at nice 19 (what any
 * background work costs the caller on this machine).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cpus, loadavg, setPriority } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { V1Api } from '@journey-bridge/client';
import { type Cutover, createCutover, type PairRecord } from '@journey-bridge/cutover';
import { balancedOrders } from './balanced-order.js';
import { type BenchSides, benchSides, V1_ID, V2_ID } from './cutover-sides.js';
import { type AddedShare, addedAtPercentile, pooledPercentile } from './paired-bootstrap.js';
import { canPin, pinThread } from './pin-thread.js';
import type { Benchmark } from './run.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
/** Whole numbers from an environment variable (comma-separated), or the defaults when it is unset. */
function fromEnvironment(name: string, defaults: readonly number[]): readonly number[] {
  const given = process.env[name];
  if (given === undefined) return defaults;
  const values = given.split(',').map(Number);
  if (!values.every((value) => Number.isInteger(value) && value > 0))
    throw new RangeError(`${name} takes positive whole numbers, not "${given}"`);
  return values;
}
const JOURNEYS_PER_ROUND = 40;
/**
 * Journeys each turn runs before its timed ones: a shadowed turn's timed journeys then run beside the shadows of
 * journeys before them, as under steady traffic, and what the turn before left behind has passed.
 */
const LEAD_IN = 10;
/** Journeys in flight at once: one (the machine idle but for them), and eight (its two cores busy); or `CUTOVER_CONCURRENCY`. */
const CONCURRENCY = fromEnvironment('CUTOVER_CONCURRENCY', [1, 8]);
const POLL_MS = 20;
/**
 * Whether the primary's path (this process's main thread and the v1 service's) runs on core 0 and the shadow's (the
 * shadow thread and the v2 service) on core 1: in production the services are on machines of their own, and here
 * two simulators sharing two cores make each side's service work the other's latency, whoever's code it is.
 * `CUTOVER_PIN=0` leaves the threads to the scheduler. @default on where threads can be pinned
 */
const PIN = process.env.CUTOVER_PIN !== '0' && canPin();
const PRIMARY_CORE = 0;
const SHADOW_CORE = 1;
/** Issue 18's target for what shadowing may add to the primary's p99. */
const TARGET = 0.05;
const person = { identity: { firstName: 'Ada', lastNames: ['Lovelace'], dateOfBirth: '1990-12-10' } };

function spawnSimulator(): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(
    process.execPath,
    [
      '--conditions=@journey-bridge/source',
      '--import',
      'tsx',
      'packages/simulator/bin/journey-sim.mjs',
      '--port',
      '0',
      '--time-scale',
      '50',
      // Its clock runs 50 times faster: a token that lasts a simulated week outlasts the run.
      '--token-expires-in',
      '604800',
    ],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  return new Promise((resolve, reject) => {
    let seen = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      seen += chunk;
      const match = /listening on (http:\/\/\S+)/.exec(seen);
      if (match?.[1]) resolve({ url: match[1], child });
    });
    child.once('exit', (code) => reject(new Error(`journey-sim exited with ${code}: ${seen}`)));
  });
}

async function tokenFrom(url: string): Promise<string> {
  const response = await fetch(`${url}/as/token.oauth2`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: 'demo-client',
      client_secret: 'demo-secret',
      scope: 'svc.token',
    }),
  });
  return ((await response.json()) as { access_token: string }).access_token;
}

/** One legacy journey through `api`, every call's latency recorded in µs. */
async function journey(api: V1Api, latencies: number[]): Promise<void> {
  const timed = async <T>(call: () => Promise<T>): Promise<T> => {
    const started = performance.now();
    const answer = await call();
    latencies.push((performance.now() - started) * 1000);
    return answer;
  };
  const { instanceId } = await timed(() =>
    api.startJourney({ resourceId: `${V1_ID}@latest`, context: { config: { async: true }, subject: {} } }),
  );
  const tasks = await timed(() => api.listTasks({ instanceId }));
  const taskId = tasks.tasks[0]?.taskId as string;
  await timed(() => api.updateTask({ intent: 'Complete', instanceId, taskId, context: { subject: person } }));
  while ((await timed(() => api.fetchState({ instanceId }))).status === 'InProgress') {
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/** One turn: `LEAD_IN` journeys, then `JOURNEYS_PER_ROUND` timed ones, `concurrency` in flight throughout. */
async function round(api: V1Api, latencies: number[], concurrency: number): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < LEAD_IN + JOURNEYS_PER_ROUND) {
      const timed = next >= LEAD_IN;
      next += 1;
      await journey(api, timed ? latencies : []);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}

const ms = (us: number) => (us / 1000).toFixed(2);
const percent = (share: number) => `${share >= 0 ? '+' : ''}${(share * 100).toFixed(1)}%`;
const withInterval = ({ added, low, high }: AddedShare) => `${percent(added)} (${percent(low)} to ${percent(high)})`;
/** Met or missed only when the whole interval is on one side of the target. */
const verdictOf = ({ low, high }: AddedShare) =>
  high < TARGET ? 'met' : low >= TARGET ? 'missed' : `not told apart from ${TARGET * 100}% at this run’s precision`;

/** CPU time (user and system) a process has used so far, in ms, from /proc (Linux: 100 clock ticks per second). */
const cpuMs = (pid: number | undefined): number => {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(') ') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
};

type Config = 'off' | 'again' | 'busy' | 'thread' | 'inline';
const CONFIGS: readonly Config[] = ['off', 'again', 'busy', 'thread', 'inline'];
/** The configurations' turns, round by round: within each ten rounds, each follows every other equally often. */
const ORDERS = balancedOrders(CONFIGS.length);
/** Rounds per configuration; `CUTOVER_ROUNDS` sets more for a narrower interval, whole sets of orders only. */
const ROUNDS = (() => {
  const given = fromEnvironment('CUTOVER_ROUNDS', [2 * ORDERS.length]);
  if (given.length !== 1 || (given[0] as number) % ORDERS.length !== 0)
    throw new RangeError(`CUTOVER_ROUNDS takes one multiple of ${ORDERS.length}, so that the turns stay balanced`);
  return given[0] as number;
})();
const LABEL: Record<Config, string> = {
  off: 'off (stage v1)',
  again: 'off again: the noise floor (A/A)',
  busy: 'off, a busy loop at nice 19 beside it: what any background work costs here',
  thread: 'on, shadow thread (the shim’s way)',
  inline: 'on, on the primary’s thread',
};

/** What one level of concurrency measured: every call's latency per round, CPU, and the pairs' results. */
interface Measured {
  readonly concurrency: number;
  readonly latencies: Record<Config, number[][]>;
  readonly cpu: Record<Config, number[]>;
  readonly pairs: Record<Config, string>;
}

/** A level's table rows, and whether the shadow thread met the target there. */
function figures({ concurrency, latencies, cpu, pairs }: Measured): { rows: string[]; verdict: string } {
  const p = (config: Config, q: number) => pooledPercentile(latencies[config], q);
  // Shadowing off ran twice: the two turns of each round pooled are the baseline, half as noisy as either alone.
  // The A/A pair itself is weighed one against the other, which is what shows the noise.
  const unshadowed = latencies.off.map((round, index) => [...round, ...(latencies.again[index] ?? [])]);
  const baseline = (config: Config) => (config === 'again' ? latencies.off : unshadowed);
  // A burst of machine noise moves a p99 by tens of percent: the interval says how far this run can be trusted.
  const addedAtP99 = Object.fromEntries(
    CONFIGS.map((config) => [config, addedAtPercentile(baseline(config), latencies[config], 99)]),
  ) as Record<Config, AddedShare>;
  const perJourney = (config: Config) =>
    cpu[config].map((total) => (total / (ROUNDS * (LEAD_IN + JOURNEYS_PER_ROUND))).toFixed(2)).join(' / ');
  const rows = CONFIGS.map((config) => {
    const p50Base = pooledPercentile(baseline(config), 50);
    const vsOff = config === 'off' ? ' | ' : `${percent(p(config, 50) / p50Base - 1)} | ${withInterval(addedAtP99[config])}`;
    const calls = latencies[config].reduce((total, ofRound) => total + ofRound.length, 0);
    return `| ${concurrency} | ${LABEL[config]} | ${calls} | ${ms(p(config, 50))} | ${ms(p(config, 99))} | ${vsOff} | ${perJourney(config)} | ${pairs[config]} |`;
  });
  // Which way of shadowing costs the caller less, weighed directly rather than read off two intervals against `off`.
  const threadOverInline = addedAtPercentile(latencies.inline, latencies.thread, 99);
  const verdict = `${concurrency} at once: the shadow thread adds ${withInterval(addedAtP99.thread)} at p99: ${verdictOf(addedAtP99.thread)}; the A/A pair differs by ${withInterval(addedAtP99.again)}; the shadow thread against the primary's thread: ${withInterval(threadOverInline)}`;
  return { rows, verdict };
}

const benchmark: Benchmark = {
  title: "the primary's latency with every journey mirrored on v2 (shadow 100%) vs shadowing off, one run",
  async run() {
    const { url, child } = await spawnSimulator();
    const v2Service = await spawnSimulator();
    // In production the v2 platform is the vendor's, on machines of its own: its CPU is never the caller's. Here
    // it shares the caller's two cores, so it runs at the lowest priority, on what the caller leaves idle.
    setPriority(v2Service.child.pid as number, 19);
    // Stopped but for the rounds of `busy`: a core's worth of work at the lowest priority, unrelated to shadowing.
    const busyLoop = spawn(process.execPath, ['-e', 'for (;;);'], { stdio: 'ignore' });
    setPriority(busyLoop.pid as number, 19);
    busyLoop.kill('SIGSTOP');
    if (PIN) {
      // Main threads only, after every process is spawned: a child inherits its parent's cores, and the busy loop
      // stays free, as any background work would be.
      pinThread(child.pid as number, PRIMARY_CORE);
      pinThread(v2Service.child.pid as number, SHADOW_CORE);
      pinThread(process.pid, PRIMARY_CORE);
    }
    try {
      const services: BenchSides = {
        v1: { url, token: await tokenFrom(url) },
        v2: { url: v2Service.url, token: await tokenFrom(v2Service.url) },
      };
      const records: Record<Config, PairRecord[]> = { off: [], again: [], busy: [], thread: [], inline: [] };
      const mapping = { name: 'data-check', v1: V1_ID, v2: V2_ID };
      const shadowing = (config: Config, thread: boolean): Cutover =>
        createCutover({
          ...benchSides(services),
          mappings: [{ ...mapping, stage: { kind: 'shadow', sample: 1 }, dailyCap: 1_000_000 }],
          publish: (record) => records[config].push(record),
          shadow: {
            pollIntervalMs: 250,
            timeoutMs: 60_000,
            ...(thread && {
              thread: {
                module: new URL('./cutover-sides.ts', import.meta.url),
                data: { ...services, ...(PIN && { shadowCore: SHADOW_CORE }) },
              },
            }),
          },
        });
      const unshadowed = () => createCutover({ ...benchSides(services), mappings: [{ ...mapping, stage: { kind: 'v1' } }] });
      const cutovers: Record<Config, Cutover> = {
        off: unshadowed(),
        again: unshadowed(),
        busy: unshadowed(),
        thread: shadowing('thread', true),
        inline: shadowing('inline', false),
      };
      const idle = () => Promise.all(CONFIGS.map((config) => cutovers[config].idle()));
      const lines: string[] = [
        `${ROUNDS} rounds per configuration, in turn, of ${LEAD_IN} journeys then ${JOURNEYS_PER_ROUND} with every call of the primary timed; added to both unshadowed turns of each round pooled (the A/A row: off again to off)`,
        '| journeys at once | shadowing | calls timed | p50 ms | p99 ms | added at p50 | added at p99 (95% interval) | CPU ms per journey: this process / v1 service / v2 service | pairs |',
        '|---|---|---|---|---|---|---|---|---|',
      ];
      const verdicts: string[] = [];
      /** What each level of concurrency measured, worked out once every round has run. */
      const measured: Measured[] = [];
      for (const concurrency of CONCURRENCY) {
        const latencies = Object.fromEntries(CONFIGS.map((config) => [config, [] as number[][]])) as Record<Config, number[][]>;
        const cpu = Object.fromEntries(CONFIGS.map((config) => [config, [0, 0, 0]])) as Record<Config, number[]>;
        for (const config of CONFIGS) for (let i = 0; i < 3; i += 1) await round(cutovers[config], [], concurrency); // warm-up: connections, JIT
        await idle();
        for (const config of CONFIGS) records[config].length = 0;
        for (let i = 0; i < ROUNDS; i += 1) {
          for (const at of ORDERS[i % ORDERS.length] as number[]) {
            const config = CONFIGS[at] as Config;
            const before = [process.cpuUsage(), cpuMs(child.pid), cpuMs(v2Service.child.pid)] as const;
            const ofRound: number[] = [];
            if (config === 'busy') busyLoop.kill('SIGCONT');
            await round(cutovers[config], ofRound, concurrency);
            if (config === 'busy') busyLoop.kill('SIGSTOP');
            latencies[config].push(ofRound);
            // The shadows' tail belongs to their round, not to the next one.
            await idle();
            const own = process.cpuUsage(before[0]);
            const used = [(own.user + own.system) / 1000, cpuMs(child.pid) - before[1], cpuMs(v2Service.child.pid) - before[2]];
            cpu[config] = cpu[config].map((total, index) => total + (used[index] as number));
          }
        }
        const pairs = Object.fromEntries(
          CONFIGS.map((config) => {
            const results: Record<string, number> = {};
            for (const { result } of records[config]) results[result] = (results[result] ?? 0) + 1;
            const counts = Object.entries(results).map(([result, count]) => `${result} ${count}`);
            return [config, counts.join(', ') || 'none'];
          }),
        ) as Record<Config, string>;
        // Worked out after the last round: seconds of resampling would block this process's event loop meanwhile, and
        // its idle connections outlive the services' keep-alive.
        measured.push({ concurrency, latencies, cpu, pairs });
      }
      await Promise.all(CONFIGS.map((config) => cutovers[config].close()));
      for (const each of measured) {
        const { rows, verdict } = figures(each);
        lines.push(...rows);
        verdicts.push(verdict);
      }
      lines.push('', `Target: under ${TARGET * 100}% added at p99 by the shadow thread (the shim’s way).`, ...verdicts);
      // Other work on the machine competes with the three processes here: say how much there was.
      lines.push(
        `${cpus().length} cores; ${PIN ? `primary's path (this thread, v1 service) on core ${PRIMARY_CORE}, shadow's (its thread, v2 service) on core ${SHADOW_CORE}` : 'threads left to the scheduler'}; load average over the last minute at the end: ${loadavg()[0]?.toFixed(2)}`,
      );
      return lines;
    } finally {
      child.kill();
      v2Service.child.kill();
      // SIGTERM would stay pending while it is stopped, and keep this process waiting on it.
      busyLoop.kill('SIGKILL');
    }
  },
};
export default benchmark;
