/**
 * What shadowing costs the caller: the latency of the primary's answers through `createCutover` with every
 * journey mirrored on v2 (shadow, sample 100%) against the same cutover with shadowing off (stage v1), in one
 * run, rounds alternating. v1 and v2 are two services: each side's simulator runs in a process of its own on
 * loopback and is reached over HTTP, so the shadow's calls, polls and comparisons share this process with the
 * primary's, as in the shim, and the shadow's load lands on the v2 service, not on the v1 one.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { createV1Adapter } from '@journey-bridge/adapter';
import { createJourneyClient, createV1Client, staticToken, type V1Api } from '@journey-bridge/client';
import { type Cutover, contextualV1Client, createCutover, type PairRecord } from '@journey-bridge/cutover';
import * as hdr from 'hdr-histogram-js';
import type { Benchmark } from './run.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const ROUNDS = 6;
const JOURNEYS_PER_ROUND = 40;
/** Journeys in flight at once: one (the machine idle but for them), and eight (its two cores busy). */
const CONCURRENCY = [1, 8] as const;
const POLL_MS = 20;
const person = { identity: { firstName: 'Ada', lastNames: ['Lovelace'], dateOfBirth: '1990-12-10' } };
const V1_ID = 'a1d7c3f0data-check-v1';

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
async function journey(api: V1Api, histogram: hdr.Histogram): Promise<void> {
  const timed = async <T>(call: () => Promise<T>): Promise<T> => {
    const started = performance.now();
    const answer = await call();
    histogram.recordValue(Math.round((performance.now() - started) * 1000));
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

async function round(api: V1Api, histogram: hdr.Histogram, concurrency: number): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < JOURNEYS_PER_ROUND) {
      next += 1;
      await journey(api, histogram);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}

const ms = (us: number) => (us / 1000).toFixed(2);

/** CPU time (user and system) a process has used so far, in ms, from /proc (Linux: 100 clock ticks per second). */
const cpuMs = (pid: number | undefined): number => {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(') ') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
};

const benchmark: Benchmark = {
  title: "the primary's latency with every journey mirrored on v2 (shadow 100%) vs shadowing off, one run",
  async run() {
    const { url, child } = await spawnSimulator();
    const v2Service = await spawnSimulator();
    try {
      const [v1Token, v2Token] = [await tokenFrom(url), await tokenFrom(v2Service.url)];
      const sides = () => ({
        v1: contextualV1Client(createV1Client({ baseUrl: `${url}/eu/captain/api/`, auth: staticToken(v1Token) })),
        v2: createV1Adapter({
          client: createJourneyClient({ baseUrl: `${v2Service.url}/eu/v2/captain/`, auth: staticToken(v2Token) }),
          journeyMap: { [V1_ID]: 'b2e8d4a1data-check-v2' },
          dialect: { flowKeys: { 'identity-check': 'kyc-eu-v3', 'age-check': 'age-eu-v1' } },
        }),
      });
      const records: PairRecord[] = [];
      const mapping = { name: 'data-check', v1: V1_ID, v2: 'b2e8d4a1data-check-v2' };
      const off: Cutover = createCutover({ ...sides(), mappings: [{ ...mapping, stage: { kind: 'v1' } }] });
      const on: Cutover = createCutover({
        ...sides(),
        mappings: [{ ...mapping, stage: { kind: 'shadow', sample: 1 }, dailyCap: 1_000_000 }],
        publish: (record) => records.push(record),
        shadow: { pollIntervalMs: 250, timeoutMs: 60_000 },
      });
      const lines: string[] = [
        `${ROUNDS} rounds per side of ${JOURNEYS_PER_ROUND} journeys, alternating; every call of the primary timed`,
        '| journeys at once | shadowing | p50 ms | p99 ms | CPU ms per journey: this process / v1 service / v2 service |',
        '|---|---|---|---|---|',
      ];
      for (const concurrency of CONCURRENCY) {
        const histograms = { off: hdr.build(), on: hdr.build() };
        const cpu = { off: [0, 0, 0], on: [0, 0, 0] };
        await round(off, hdr.build(), concurrency); // warm-up: connections, JIT
        await round(on, hdr.build(), concurrency);
        await on.idle();
        records.length = 0;
        for (let i = 0; i < ROUNDS; i += 1) {
          for (const side of i % 2 === 0 ? (['off', 'on'] as const) : (['on', 'off'] as const)) {
            const before = [process.cpuUsage(), cpuMs(child.pid), cpuMs(v2Service.child.pid)] as const;
            await round(side === 'off' ? off : on, histograms[side], concurrency);
            // The shadows' tail belongs to their round, not to the next one.
            await on.idle();
            const own = process.cpuUsage(before[0]);
            const used = [(own.user + own.system) / 1000, cpuMs(child.pid) - before[1], cpuMs(v2Service.child.pid) - before[2]];
            cpu[side] = cpu[side].map((total, at) => total + (used[at] as number));
          }
        }
        const p = (side: 'off' | 'on', q: number) => histograms[side].getValueAtPercentile(q);
        const added = (q: number) => `+${(((p('on', q) - p('off', q)) / p('off', q)) * 100).toFixed(1)}%`;
        const perJourney = (side: 'off' | 'on') => cpu[side].map((total) => (total / (ROUNDS * JOURNEYS_PER_ROUND)).toFixed(2)).join(' / ');
        const results: Record<string, number> = {};
        for (const { result } of records) results[result] = (results[result] ?? 0) + 1;
        lines.push(
          `| ${concurrency} | off (stage v1) | ${ms(p('off', 50))} | ${ms(p('off', 99))} | ${perJourney('off')} |`,
          `| ${concurrency} | on (shadow 100%) | ${ms(p('on', 50))} | ${ms(p('on', 99))} | ${perJourney('on')} |`,
          `| ${concurrency} | added | ${added(50)} | ${added(99)} | pairs: ${Object.entries(results)
            .map(([result, count]) => `${result} ${count}`)
            .join(', ')} |`,
        );
      }
      await Promise.all([off.close(), on.close()]);
      // Other work on the machine competes with the three processes here: say how much there was.
      lines.push(`${cpus().length} cores; load average over the last minute at the end: ${loadavg()[0]?.toFixed(2)}`);
      return lines;
    } finally {
      child.kill();
      v2Service.child.kill();
    }
  },
};
export default benchmark;
