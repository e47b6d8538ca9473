/**
 * The shim's cost under load: autocannon drives the simulator directly (v2 state fetch) and through
 * `journey-bridge serve` (v1 state fetch, which the shim serves with one v2 state fetch), in the same run, over
 * 200 connections. Reports the latency the shim adds per request at a fixed rate below saturation (paced: service
 * time, not queueing), the throughput ratio in a closed loop, CPU per request and the shim's memory. Each
 * side's p99 per round, the machine's own stalls (an idle probe's timer delay), the generator's GC pauses and
 * the CPU every busy process spends per request are printed too: the three processes share two cores, so a
 * stall or a costly process anywhere lands in some rounds and not others, and the pooled p99 difference moves
 * with it. A minimal node:http proxy (`minimal-proxy.mjs`) runs in the same rounds: what two loopback hops cost
 * here at best.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PerformanceObserver } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import * as hdr from 'hdr-histogram-js';
import type { Benchmark } from './run.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const CONNECTIONS = 200;
const FIXED_RATE = 400;
const SECONDS = 5;
/** Paced runs record nothing until this long after their last connection started. */
const SETTLE_MS = 500;
/** Paced runs record while all connections run: from `SETTLE_MS` after the last start to the first end. */
const RECORD_MS = SECONDS * 1000 - 1000 - SETTLE_MS;
/**
 * Rounds per side. A scheduling stall of 30-100 ms delays 15-40 requests at once; with four rounds one such
 * stall could decide a side's pooled p99, eight halve its weight without changing what is measured.
 */
const ROUNDS = 8;

/**
 * Spawns a script of this repository and resolves with the URL it prints. Packages run as they ship, from the
 * JavaScript `pnpm build` wrote to their `dist/` (`pnpm bench` builds first): run from source through tsx, every
 * named closure is wrapped for esbuild's `keepNames`, which cost the shim about a tenth of its CPU per request.
 */
function spawnCli(script: string, args: string[]): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, [join(ROOT, script), ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  return new Promise((resolve, reject) => {
    let seen = '';
    const look = (chunk: Buffer) => {
      seen += chunk;
      const match = /listening on (http:\/\/\S+)/.exec(seen);
      if (match?.[1]) resolve({ url: match[1], child });
    };
    child.stdout?.on('data', look);
    child.stderr?.on('data', look);
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}: ${seen}`)));
  });
}

/**
 * An idle process that measures how late its 1 ms timer fires while the paced rounds run: the machine's own
 * stalls (scheduler, hypervisor), which no server can be faster than. Answers `measure` with p99 and max in ms.
 */
const STALL_PROBE = `
const delay = require('node:perf_hooks').monitorEventLoopDelay({ resolution: 1 });
delay.enable();
process.stdin.on('data', () => {
  process.stdout.write(JSON.stringify({ p99: delay.percentile(99) / 1e6, max: delay.max / 1e6 }) + '\\n');
  delay.reset();
});
`;

/** Resident set size of a process in MB, from /proc (Linux). */
const rssMb = (pid: number): number => {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : Number.NaN;
};

/** CPU time (user and system) a process has used so far, in ms, from /proc (Linux: 100 clock ticks per second). */
const cpuMs = (pid: number): number => {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // After the command name, which may itself hold ") ": fields 3 onwards, so utime (14) and stime (15) are 11, 12.
  const fields = stat.slice(stat.lastIndexOf(') ') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
};

/** A stretch of `performance.now()` time in which a paced run records latencies. */
interface RecordedSpan {
  readonly from: number;
  readonly until: number;
}

/**
 * The load generator's own GC pauses that overlap a stretch where latencies are recorded: a response that
 * arrives during one is read, and timed, only after it, on every side alike. (Starting 200 runs, unrecorded,
 * pauses it more.)
 */
function generatorPauses(): { stop(recorded: readonly RecordedSpan[]): { over5ms: number; maxMs: number } } {
  const pauses: { start: number; duration: number }[] = [];
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) pauses.push({ start: entry.startTime, duration: entry.duration });
  });
  observer.observe({ entryTypes: ['gc'] });
  return {
    stop(recorded) {
      pauses.push(...observer.takeRecords().map((entry) => ({ start: entry.startTime, duration: entry.duration })));
      observer.disconnect();
      const durations = pauses
        .filter(({ start, duration }) => recorded.some(({ from, until }) => start < until && start + duration > from))
        .map(({ duration }) => duration);
      return { over5ms: durations.filter((pause) => pause > 5).length, maxMs: Math.max(0, ...durations) };
    },
  };
}

interface Target {
  readonly url: string;
  readonly body: string;
  readonly token: string;
}

const requestOf = ({ url, body, token }: Target) => ({
  url,
  method: 'POST' as const,
  headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
  body,
});

function checked(url: string, result: autocannon.Result): autocannon.Result {
  if (result.errors > 0 || result.non2xx > 0)
    throw new Error(`load against ${url}: ${result.errors} errors, ${result.non2xx} non-2xx ${JSON.stringify(result.statusCodeStats)}`);
  return result;
}

/** Closed loop: every connection sends its next request as soon as the last one is answered. */
async function fullLoad(target: Target): Promise<autocannon.Result> {
  return checked(target.url, await autocannon({ ...requestOf(target), connections: CONNECTIONS, duration: SECONDS }));
}

const ms = (us: number) => `${(us / 1000).toFixed(2)} ms`;

const tinyHistogram = () => hdr.build({ useWebAssembly: false, highestTrackableValue: 100_000, numberOfSignificantValueDigits: 1 });
const newHistogram = () => hdr.build({ lowestDiscernibleValue: 1, highestTrackableValue: 60_000_000, numberOfSignificantValueDigits: 3 });

/**
 * Paced: `FIXED_RATE` requests per second spread evenly over the connections and over each second. One
 * autocannon run with a `connectionRate` starts every connection's one-second budget in the same tick, so its
 * "fixed rate" arrives as one burst per second and measures the queue behind the burst. Here each connection is
 * its own autocannon run, started 1000/200 ms after the previous one. Latencies come from autocannon's
 * per-response timings (fractional ms), recorded while all connections run, from `SETTLE_MS` after the last one
 * started (starting 200 runs keeps the generator busy, and that delay would show up as the servers' latency).
 */
async function pacedLoad(target: Target, latencyUs: hdr.Histogram): Promise<{ responses: number; recorded: RecordedSpan }> {
  let responses = 0;
  const recordFrom = performance.now() + 1000 + SETTLE_MS;
  const recordUntil = recordFrom + RECORD_MS;
  const connection = (index: number) =>
    new Promise<void>((resolve, reject) => {
      const start = () => {
        const options: autocannon.Options & { histograms: Record<'latencies' | 'requests' | 'throughput', hdr.Histogram> } = {
          ...requestOf(target),
          connections: 1,
          connectionRate: FIXED_RATE / CONNECTIONS,
          duration: SECONDS,
          // Each run's own latency histogram is a 2 MB WebAssembly one by default: 200 of them grew the
          // generator's memory in steps that stalled it for up to 300 ms. Small JS ones (the `histograms`
          // option autocannon's worker mode uses; not in its typings) suffice: the latencies that count are ours.
          histograms: { latencies: tinyHistogram(), requests: tinyHistogram(), throughput: tinyHistogram() },
        };
        const run = autocannon(options, (error, result) => {
          if (error) return reject(error);
          try {
            checked(target.url, result);
            resolve();
          } catch (failure) {
            reject(failure);
          }
        });
        run.on('response', (_client, _status, _bytes, ms: number) => {
          responses += 1;
          const now = performance.now();
          if (now >= recordFrom && now < recordUntil) latencyUs.recordValue(Math.max(1, Math.round(ms * 1000)));
        });
      };
      setTimeout(start, (index * 1000) / CONNECTIONS);
    });
  await Promise.all(Array.from({ length: CONNECTIONS }, (_, index) => connection(index)));
  return { responses, recorded: { from: recordFrom, until: recordUntil } };
}

/** CPU time spent so far by each process of a side, in ms: the load generator (this process) and the servers. */
interface CpuSpent {
  requests: number;
  generator: number;
  readonly servers: Record<string, number>;
}

/** Paced load as `pacedLoad`, adding what the generator and each server in `pids` spent to `spent`. */
async function pacedLoadCpu(
  target: Target,
  latencyUs: hdr.Histogram,
  pids: Record<string, number>,
  spent: CpuSpent,
): Promise<RecordedSpan> {
  const before = Object.fromEntries(Object.entries(pids).map(([name, pid]) => [name, cpuMs(pid)]));
  const generatorBefore = process.cpuUsage();
  const { responses, recorded } = await pacedLoad(target, latencyUs);
  spent.requests += responses;
  const generator = process.cpuUsage(generatorBefore);
  spent.generator += (generator.user + generator.system) / 1000;
  for (const [name, pid] of Object.entries(pids)) spent.servers[name] = (spent.servers[name] ?? 0) + cpuMs(pid) - (before[name] ?? 0);
  return recorded;
}

const benchmark: Benchmark = {
  title: `journey-bridge serve vs the simulator directly, ${CONNECTIONS} connections (autocannon)`,
  async run() {
    const sim = await spawnCli('packages/simulator/bin/journey-sim.mjs', ['--port', '0', '--manual-clock']);
    const dir = await mkdtemp(join(tmpdir(), 'shim-bench-'));
    const mapFile = join(dir, 'journey-map.json');
    await writeFile(mapFile, JSON.stringify({ 'a1d7c3f0data-check-v1': 'b2e8d4a1data-check-v2' }));
    const shim = await spawnCli('packages/shim/bin/journey-bridge.mjs', [
      'serve',
      '--upstream',
      `${sim.url}/eu/v2/captain/`,
      '--journey-map',
      mapFile,
      '--port',
      '0',
      '--log-level',
      'warn',
    ]);
    const proxy = await spawnCli('bench/minimal-proxy.mjs', [`${sim.url}/eu/v2/captain/journey/state/fetch`]);
    const probe = spawn(process.execPath, ['-e', STALL_PROBE], { stdio: ['pipe', 'pipe', 'inherit'] });
    try {
      const { access_token: token } = (await (
        await fetch(`${sim.url}/__sim/tokens`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })
      ).json()) as { access_token: string };
      const started = await fetch(`${sim.url}/eu/v2/captain/journey/start`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ resourceId: 'b2e8d4a1data-check-v2@latest', context: { config: { delivery: 'api' }, subject: {} } }),
      });
      const { instanceId } = (await started.json()) as { instanceId: string };
      const body = JSON.stringify({ instanceId });
      const direct = { url: `${sim.url}/eu/v2/captain/journey/state/fetch`, body, token };
      const proxied = { url: proxy.url, body, token };
      const through = { url: `${shim.url}/captain/api/journey/state/fetch`, body, token };

      // Warm-up: a closed loop runs enough requests (about 10,000 per side) for the JIT of all three processes to
      // settle; paced runs alone took three rounds to stop improving.
      await fullLoad(direct);
      await fullLoad(proxied);
      await fullLoad(through);

      const idleRss = rssMb(shim.child.pid ?? 0);

      let peakRss = idleRss;
      const sampler = setInterval(() => {
        peakRss = Math.max(peakRss, rssMb(shim.child.pid ?? 0));
      }, 200);
      // Alternating rounds, so drift in the machine's speed hits both sides alike.
      const [directPaced, proxiedPaced, throughPaced] = [newHistogram(), newHistogram(), newHistogram()];
      const roundP99s: string[] = [];
      const pauses = generatorPauses();
      const noCpuYet = (): CpuSpent => ({ requests: 0, generator: 0, servers: {} });
      const [directCpu, proxyCpu, shimCpu] = [noCpuYet(), noCpuYet(), noCpuYet()];
      const simPid = sim.child.pid ?? 0;
      const recorded: RecordedSpan[] = [];
      for (let round = 0; round < ROUNDS; round += 1) {
        const [directRound, proxiedRound, throughRound] = [newHistogram(), newHistogram(), newHistogram()];
        recorded.push(await pacedLoadCpu(direct, directRound, { simulator: simPid }, directCpu));
        recorded.push(await pacedLoadCpu(proxied, proxiedRound, { simulator: simPid, proxy: proxy.child.pid ?? 0 }, proxyCpu));
        recorded.push(await pacedLoadCpu(through, throughRound, { simulator: simPid, shim: shim.child.pid ?? 0 }, shimCpu));
        directPaced.add(directRound);
        proxiedPaced.add(proxiedRound);
        throughPaced.add(throughRound);
        roundP99s.push([directRound, proxiedRound, throughRound].map((round) => ms(round.getValueAtPercentile(99))).join(' / '));
      }
      const generatorGc = pauses.stop(recorded);
      const stalls = await new Promise<{ p99: number; max: number }>((resolve) => {
        probe.stdout?.once('data', (line: Buffer) => resolve(JSON.parse(String(line))));
        probe.stdin?.write('measure\n');
      });
      const directMax = await fullLoad(direct);
      const throughMax = await fullLoad(through);
      clearInterval(sampler);

      const paced = (name: string, latency: hdr.Histogram) =>
        `| ${name} | ${ms(latency.getValueAtPercentile(50))} | ${ms(latency.getValueAtPercentile(99))} | ${Math.round(latency.totalCount / ((RECORD_MS / 1000) * ROUNDS))} |`;
      const full = (name: string, result: autocannon.Result) =>
        `| ${name} | ${result.latency.p50.toFixed(2)} ms | ${result.latency.p99.toFixed(2)} ms | ${Math.round(result.requests.average)} |`;
      const added = (over: hdr.Histogram, percentile: number) =>
        (over.getValueAtPercentile(percentile) - directPaced.getValueAtPercentile(percentile)) / 1000;
      const usPer = (spent: CpuSpent, ms: number) => Math.round((ms * 1000) / spent.requests);
      const cpuLine = (name: string, spent: CpuSpent) =>
        `${name}: ${[['generator', spent.generator] as const, ...Object.entries(spent.servers)].map(([process, ms]) => `${process} ${usPer(spent, ms)} µs`).join(', ')}`;
      const shimUs = usPer(shimCpu, shimCpu.servers.shim ?? 0);
      const proxyUs = usPer(proxyCpu, proxyCpu.servers.proxy ?? 0);
      const verdict = (added: number, limit: number) =>
        `${added.toFixed(2)} ms (target < ${limit} ms: ${added < limit ? 'met' : 'NOT met'})`;
      return [
        `${CONNECTIONS} connections, ${SECONDS} s per run; paced at ${FIXED_RATE} req/s for latency, closed loop for throughput`,
        'load generator, simulator and shim share the 2 cores, unpinned (pinning the servers to one core put V8 GC and compiler threads on it too: worse)',
        '| run | p50 | p99 | req/s |',
        '|---|---|---|---|',
        paced(`simulator directly, paced ${FIXED_RATE} req/s (${ROUNDS} rounds)`, directPaced),
        paced(`through a minimal node:http proxy, paced ${FIXED_RATE} req/s (${ROUNDS} rounds)`, proxiedPaced),
        paced(`through the shim, paced ${FIXED_RATE} req/s (${ROUNDS} rounds)`, throughPaced),
        full('simulator directly, closed loop', directMax),
        full('through the shim, closed loop', throughMax),
        `p99 per round, directly / minimal proxy / shim: ${roundP99s.join(', ')}`,
        `machine stalls during the paced rounds (timer delay of an idle probe process): p99 ${stalls.p99.toFixed(1)} ms, max ${stalls.max.toFixed(1)} ms`,
        `the load generator's own GC pauses while latencies were recorded: ${generatorGc.over5ms} over 5 ms (${(generatorGc.over5ms / (ROUNDS * 3)).toFixed(1)} per side's run), longest ${generatorGc.maxMs.toFixed(1)} ms`,
        `added by the minimal proxy (the floor of two hops here): p50 ${added(proxiedPaced, 50).toFixed(2)} ms, p99 ${added(proxiedPaced, 99).toFixed(2)} ms`,
        `added by the shim per request at ${FIXED_RATE} req/s over ${CONNECTIONS} connections: p50 ${verdict(added(throughPaced, 50), 1)}, p99 ${verdict(added(throughPaced, 99), 5)}`,
        `throughput through the shim / direct, closed loop: ${(throughMax.requests.average / directMax.requests.average).toFixed(2)}`,
        `CPU per request in the paced rounds: shim ${shimUs} µs, minimal proxy ${proxyUs} µs (shim / proxy ${(shimUs / proxyUs).toFixed(2)})`,
        `CPU per request of every busy process, paced: ${[cpuLine('directly', directCpu), cpuLine('minimal proxy', proxyCpu), cpuLine('shim', shimCpu)].join('; ')}`,
        `shim memory (RSS): ${idleRss.toFixed(0)} MB after warm-up, ${peakRss.toFixed(0)} MB peak under load`,
      ];
    } finally {
      probe.kill();
      proxy.child.kill('SIGTERM');
      shim.child.kill('SIGTERM');
      sim.child.kill('SIGTERM');
      await rm(dir, { recursive: true, force: true });
    }
  },
};
export default benchmark;
