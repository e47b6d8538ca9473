/**
 * The shim's cost under load: autocannon drives the simulator directly (v2 state fetch) and through
 * `journey-bridge serve` (v1 state fetch, which the shim serves with one v2 state fetch), in the same run, over
 * 200 connections. Reports the latency the shim adds per request at a fixed rate below saturation (so the
 * figures are service time, not queueing), the throughput ratio at full load, and the shim's memory.
 *
 * Pacing: one autocannon run with a `connectionRate` starts every connection's one-second budget in the same
 * tick, so its "fixed rate" arrives as one burst of 200 requests per second and measures the queue behind the
 * burst. Here each of the 200 connections is its own autocannon run, started 1000/200 ms after the previous
 * one, so arrivals spread evenly across each second. Latencies come from autocannon's per-response timings
 * (fractional ms), recorded in µs.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import * as hdr from 'hdr-histogram-js';
import type { Benchmark } from './run.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const CONNECTIONS = 200;
const FIXED_RATE = 400;
const SECONDS = 6;

/** Spawns a CLI of this repository and resolves with the URL it prints. */
function spawnCli(script: string, args: string[]): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ['--conditions=@journey-bridge/source', '--import', 'tsx', join(ROOT, script), ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
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

/** Resident set size of a process in MB, from /proc (Linux). */
const rssMb = (pid: number): number => {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : Number.NaN;
};

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

/** Paced: `rate` requests per second spread evenly over the connections and over each second (see above). */
async function pacedLoad(target: Target, rate: number): Promise<hdr.Histogram> {
  const latencyUs = hdr.build({ lowestDiscernibleValue: 1, highestTrackableValue: 60_000_000, numberOfSignificantValueDigits: 3 });
  const connection = (index: number) =>
    new Promise<void>((resolve, reject) => {
      setTimeout(() => {
        const run = autocannon(
          { ...requestOf(target), connections: 1, connectionRate: rate / CONNECTIONS, duration: SECONDS },
          (error, result) => (error ? reject(error) : (checked(target.url, result), resolve())),
        );
        run.on('response', (_client, _status, _bytes, ms: number) => latencyUs.recordValue(Math.max(1, Math.round(ms * 1000))));
      }, (index * 1000) / CONNECTIONS);
    });
  await Promise.all(Array.from({ length: CONNECTIONS }, (_, index) => connection(index)));
  return latencyUs;
}

const benchmark: Benchmark = {
  title: `journey-bridge serve vs the simulator directly, ${CONNECTIONS} connections (autocannon)`,
  async run() {
    const sim = await spawnCli('packages/simulator/src/cli.ts', ['--port', '0', '--manual-clock']);
    const dir = await mkdtemp(join(tmpdir(), 'shim-bench-'));
    const mapFile = join(dir, 'journey-map.json');
    await writeFile(mapFile, JSON.stringify({ 'a1d7c3f0data-check-v1': 'b2e8d4a1data-check-v2' }));
    const shim = await spawnCli('packages/shim/src/cli.ts', [
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
      const through = { url: `${shim.url}/captain/api/journey/state/fetch`, body, token };

      await pacedLoad(direct, FIXED_RATE); // warm-up of both processes' JIT
      await pacedLoad(through, FIXED_RATE);
      const idleRss = rssMb(shim.child.pid ?? 0);

      const directPaced = await pacedLoad(direct, FIXED_RATE);
      let peakRss = idleRss;
      const sampler = setInterval(() => {
        peakRss = Math.max(peakRss, rssMb(shim.child.pid ?? 0));
      }, 200);
      const throughPaced = await pacedLoad(through, FIXED_RATE);
      const directMax = await fullLoad(direct);
      const throughMax = await fullLoad(through);
      clearInterval(sampler);

      const ms = (us: number) => `${(us / 1000).toFixed(2)} ms`;
      const paced = (name: string, latency: hdr.Histogram) =>
        `| ${name} | ${ms(latency.getValueAtPercentile(50))} | ${ms(latency.getValueAtPercentile(99))} | ${Math.round(latency.totalCount / SECONDS)} |`;
      const full = (name: string, result: autocannon.Result) =>
        `| ${name} | ${result.latency.p50.toFixed(2)} ms | ${result.latency.p99.toFixed(2)} ms | ${Math.round(result.requests.average)} |`;
      const addedP50 = (throughPaced.getValueAtPercentile(50) - directPaced.getValueAtPercentile(50)) / 1000;
      const addedP99 = (throughPaced.getValueAtPercentile(99) - directPaced.getValueAtPercentile(99)) / 1000;
      const verdict = (added: number, limit: number) => `${added.toFixed(2)} ms (target < ${limit} ms: ${added < limit ? 'met' : 'NOT met'})`;
      return [
        `${CONNECTIONS} connections, ${SECONDS} s per run; paced at ${FIXED_RATE} req/s for latency, closed loop for throughput`,
        '| run | p50 | p99 | req/s |',
        '|---|---|---|---|',
        paced(`simulator directly, paced ${FIXED_RATE} req/s`, directPaced),
        paced(`through the shim, paced ${FIXED_RATE} req/s`, throughPaced),
        full('simulator directly, closed loop', directMax),
        full('through the shim, closed loop', throughMax),
        `added by the shim per request at ${FIXED_RATE} req/s over ${CONNECTIONS} connections: p50 ${verdict(addedP50, 1)}, p99 ${verdict(addedP99, 5)}`,
        `throughput through the shim / direct, closed loop: ${(throughMax.requests.average / directMax.requests.average).toFixed(2)}`,
        `shim memory (RSS): ${idleRss.toFixed(0)} MB after warm-up, ${peakRss.toFixed(0)} MB peak under load`,
        'note: load generator, simulator and shim share the 2 cores of this machine',
      ];
    } finally {
      shim.child.kill('SIGTERM');
      sim.child.kill('SIGTERM');
      await rm(dir, { recursive: true, force: true });
    }
  },
};
export default benchmark;
