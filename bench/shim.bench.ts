/**
 * The shim's cost under load: autocannon drives the simulator directly (v2 state fetch) and through
 * `journey-bridge serve` (v1 state fetch, which the shim serves with one v2 state fetch), in the same run, at
 * 200 concurrent connections. Reports the latency the shim adds at a fixed request rate (below saturation, so
 * the figures are service time, not queueing), the throughput ratio at full load, and the shim's memory.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import type { Benchmark } from './run.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const CONNECTIONS = 200;
const FIXED_RATE = 200;
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

/**
 * One autocannon run. `rate` spreads that many requests per second evenly over the connections
 * (`connectionRate`), so a fixed-rate run measures service time rather than the queue of a burst.
 */
async function load(url: string, body: string, token: string, rate?: number): Promise<autocannon.Result> {
  const result = await autocannon({
    url,
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body,
    connections: CONNECTIONS,
    duration: SECONDS,
    ...(rate && { connectionRate: rate / CONNECTIONS }),
  });
  if (result.errors > 0 || result.non2xx > 0)
    throw new Error(
      `load against ${url}: ${result.errors} errors, ${result.non2xx} non-2xx answers ${JSON.stringify(result.statusCodeStats)}`,
    );
  return result;
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
      const direct = `${sim.url}/eu/v2/captain/journey/state/fetch`;
      const through = `${shim.url}/captain/api/journey/state/fetch`;

      await load(direct, body, token, FIXED_RATE); // warm-up of both processes' JIT
      await load(through, body, token, FIXED_RATE);
      const idleRss = rssMb(shim.child.pid ?? 0);

      const directFixed = await load(direct, body, token, FIXED_RATE);
      let peakRss = idleRss;
      const sampler = setInterval(() => {
        peakRss = Math.max(peakRss, rssMb(shim.child.pid ?? 0));
      }, 200);
      const throughFixed = await load(through, body, token, FIXED_RATE);
      const directMax = await load(direct, body, token);
      const throughMax = await load(through, body, token);
      clearInterval(sampler);

      const row = (name: string, result: autocannon.Result) =>
        `| ${name} | ${result.latency.p50.toFixed(2)} ms | ${result.latency.p99.toFixed(2)} ms | ${Math.round(result.requests.average)} |`;
      const addedP50 = throughFixed.latency.p50 - directFixed.latency.p50;
      const addedP99 = throughFixed.latency.p99 - directFixed.latency.p99;
      return [
        `${CONNECTIONS} connections, ${SECONDS} s per run; fixed rate ${FIXED_RATE} req/s for latency, unbounded for throughput`,
        '| run | p50 | p99 | req/s |',
        '|---|---|---|---|',
        row(`simulator directly, ${FIXED_RATE} req/s`, directFixed),
        row(`through the shim, ${FIXED_RATE} req/s`, throughFixed),
        row('simulator directly, full load', directMax),
        row('through the shim, full load', throughMax),
        `added by the shim at ${FIXED_RATE} req/s: p50 ${addedP50.toFixed(2)} ms (target < 1 ms), p99 ${addedP99.toFixed(2)} ms (target < 5 ms)`,
        `throughput through the shim / direct at full load: ${(throughMax.requests.average / directMax.requests.average).toFixed(2)}`,
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
