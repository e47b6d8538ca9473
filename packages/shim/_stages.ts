import { spawn } from 'node:child_process';
import { callerToken, createV1Adapter } from '@journey-bridge/adapter';
import { createJourneyClient, createKeepAliveFetch } from '@journey-bridge/client';
import pino from 'pino';
import { startShim } from './src/server.ts';
import { createShimHandler } from './src/shim-handler.ts';

const child = spawn(
  process.execPath,
  ['--conditions=@journey-bridge/source', '--import', 'tsx', '/work/main/packages/simulator/src/cli.ts', '--port', '0', '--manual-clock'],
  { stdio: ['ignore', 'pipe', 'pipe'] },
);
const simUrl: string = await new Promise((r) => {
  let s = '';
  const f = (c: Buffer) => {
    s += c;
    const m = /listening on (http:\/\/\S+)/.exec(s);
    if (m) r(m[1]);
  };
  child.stdout.on('data', f);
  child.stderr.on('data', f);
});
const { access_token: token } = await (
  await fetch(`${simUrl}/__sim/tokens`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })
).json();
const { instanceId } = await (
  await fetch(`${simUrl}/eu/v2/captain/journey/start`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ resourceId: 'b2e8d4a1data-check-v2@latest', context: { config: { delivery: 'api' }, subject: {} } }),
  })
).json();
const base = `${simUrl}/eu/v2/captain/`;
const ka = createKeepAliveFetch();
const body = JSON.stringify({ instanceId });
const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
const client = createJourneyClient({ baseUrl: base, auth: callerToken(), fetch: ka });
const adapter = createV1Adapter({ client, journeyMap: { 'a1d7c3f0data-check-v1': 'b2e8d4a1data-check-v2' } });
const config = {
  upstream: base,
  journeyMap: { 'a1d7c3f0data-check-v1': 'b2e8d4a1data-check-v2' },
  port: 0,
  host: '127.0.0.1',
  logLevel: 'warn',
  bodyLimitBytes: 10485760,
  timeoutMs: 30000,
  shutdownTimeoutMs: 1000,
  syncStartTimeoutMs: 30000,
  delivery: 'api',
  flowAt: 'data.process.flow',
} as never;
const shim = createShimHandler({ config, logger: pino({ level: 'warn' }), fetch: ka });
const running = await startShim(config, { logger: pino({ level: 'warn' }) });
const stages: Record<string, () => Promise<unknown>> = {
  rawKeepAlive: async () => (await ka(`${base}journey/state/fetch`, { method: 'POST', headers, body })).text(),
  clientFetchState: () => client.fetchState({ instanceId }, { token }),
  adapterFetchState: () => adapter.withContext({ token }).fetchState({ instanceId } as never),
  shimHandle: async () =>
    (await shim.handle(new Request('http://shim/captain/api/journey/state/fetch', { method: 'POST', headers, body }))).text(),
  shimHttp: async () => (await ka(`${running.url}/captain/api/journey/state/fetch`, { method: 'POST', headers, body })).text(),
};
const only = process.argv[2];
for (let round = 0; round < 3; round++)
  for (const [name, fn] of Object.entries(stages)) {
    if (only && !name.startsWith(only)) continue;
    const t: number[] = [];
    for (let i = 0; i < 3000; i++) {
      const s = performance.now();
      await fn();
      t.push(performance.now() - s);
    }
    t.sort((a, b) => a - b);
    if (round) console.log(name.padEnd(20), (t[1500] * 1000).toFixed(0), 'us p50', (t[2970] * 1000).toFixed(0), 'us p99');
  }
await running.close();
child.kill();
