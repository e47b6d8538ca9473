import { type ChildProcessByStdio, spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { Agent, createServer, request as httpRequest } from 'node:http';
import { type AddressInfo, connect } from 'node:net';
import { basename, dirname } from 'node:path';
import type { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { createFetch } from '@journey-bridge/client';
import { createSimulator } from '@journey-bridge/simulator';
import pino from 'pino';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { CLOSED_ORIGIN } from '../../../test/support/closed-port.js';
import { journeyMap, journeys, variantIds } from '../../adapter/test/targets.js';
import { resolveConfig } from '../src/config.js';
import { ShimMetrics } from '../src/metrics.js';
import { createShimHandler } from '../src/shim-handler.js';
import { exitOf, journeyMapFile, removeTempDirs, type ShimCli, serveArgs, startShimCli, tempDir } from './shim-cli.js';

const CLI = fileURLToPath(new URL('../bin/journey-bridge.mjs', import.meta.url));
const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };

const sim = createSimulator({ journeys, clock: { manual: true } });
const upstream = await sim.listen();
const mapFile = await journeyMapFile({ journeys: journeyMap, variantIds });

/** A raw HTTP request: `fetch` would normalise dot segments and double slashes before they reach the shim. */
function rawRequest(url: string, path: string, headers: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const { hostname, port } = new URL(url);
    const request = httpRequest(
      { host: hostname, port, path, method: 'POST', headers: { 'content-type': 'application/json', ...headers } },
      (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      },
    );
    request.on('error', reject);
    request.end('{}');
  });
}

const ownArgs = (...extra: string[]) => serveArgs(`${upstream.url}/eu/v2/captain/`, mapFile, ...extra);
const shim: ShimCli = await startShimCli(ownArgs('--body-limit', '65536'));
afterAll(async () => {
  await shim.stop();
  await upstream.close();
  await removeTempDirs();
});

let token: string;
beforeEach(() => {
  sim.core.reset();
  token = sim.issueToken();
});

const v1 = (path: string) => `${shim.url}/captain/api/journey/${path}`;
const post = (url: string, body: string, headers: Record<string, string> = {}) =>
  fetch(url, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...headers }, body });

describe('journey-bridge serve over HTTP', () => {
  it('passes v2 and token paths to the upstream unchanged, with the caller token', async () => {
    const tokenReply = await fetch(`${shim.url}/as/token.oauth2`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'client_credentials', client_id: 'demo-client', client_secret: 'demo-secret' }),
    });
    expect(tokenReply.status).toBe(200);
    const { access_token } = await tokenReply.json();
    const started = await fetch(`${shim.url}/v2/captain/journey/start`, {
      method: 'POST',
      headers: { authorization: `Bearer ${access_token}`, 'content-type': 'application/json', 'x-request-id': 'v2-through-shim' },
      body: JSON.stringify({ resourceId: 'b2e8d4a1data-check-v2@latest', context: { config: { delivery: 'api' }, subject: {} } }),
    });
    expect(started.status).toBe(201);
    expect(started.headers.get('x-request-id')).toBe('v2-through-shim');
    expect(sim.core.journal.list().map((entry) => [entry.path, entry.requestId])).toEqual([
      ['/as/token.oauth2', expect.any(String)],
      ['/eu/v2/captain/journey/start', 'v2-through-shim'],
    ]);
  });

  it('passes the Keycloak token path some tenants use, as the other token paths', async () => {
    const reply = await fetch(`${shim.url}/auth/realms/go/protocol/openid-connect/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'client_credentials', client_id: 'demo-client', client_secret: 'demo-secret' }),
    });
    expect(reply.status).toBe(200);
    expect((await reply.json()).access_token).toMatch(/^sim_/);
    expect(sim.core.journal.list().map((entry) => entry.path)).toEqual(['/auth/realms/go/protocol/openid-connect/token']);
  });

  it('returns the upstream X-Request-ID when the caller sends none', async () => {
    const reply = await post(v1('state/fetch'), JSON.stringify({ instanceId: 'f'.repeat(32) }));
    expect(reply.status).toBe(404);
    const [entry] = sim.core.journal.list();
    expect(entry?.requestId).toMatch(/^[\w-]{16,}$/);
    expect(reply.headers.get('x-request-id')).toBe(entry?.requestId);
  });

  it('keeps an anonymous pass-through anonymous', async () => {
    const reply = await fetch(`${shim.url}/v2/captain/journey/start`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ resourceId: 'b2e8d4a1data-check-v2@latest', context: { config: { delivery: 'api' }, subject: {} } }),
    });
    expect(reply.status).toBe(401);
    expect((await reply.json()).errors[0]).toMatchObject({ location: 'Authorization', problem: 'the Authorization header is missing' });
  });

  it.each([
    '/v2/captain///evil.example/steal',
    '/v2/captain//__sim/reset',
    '/v2/captain/../../__sim/reset',
    '/v2/captain/journey/..%2f..%2f..%2f__sim%2freset',
    '/v2/captain/%2e%2e/%2e%2e/__sim/reset',
    '/v2/captain/journey\\..\\..\\__sim',
  ])('never carries a caller token outside the upstream base: %s', async (path) => {
    const instances = sim.core.engine.size;
    const status = await rawRequest(shim.url, path, { authorization: `Bearer ${token}` });
    expect([400, 404]).toContain(status);
    expect(sim.core.journal.count()).toBe(0);
    expect(sim.core.engine.size).toBe(instances);
  });

  it('forwards the caller X-Request-ID on v1 calls and returns the upstream one', async () => {
    const reply = await post(
      v1('start'),
      JSON.stringify({ resourceId: 'a1d7c3f0data-check-v1@latest', context: { config: { async: true }, subject: {} } }),
      {
        'x-request-id': 'legacy-42',
      },
    );
    expect(reply.status).toBe(201);
    expect(reply.headers.get('x-request-id')).toBe('legacy-42');
    expect(sim.core.journal.list()[0]?.requestId).toBe('legacy-42');
  });

  it('serves /healthz, /readyz and Prometheus /metrics', async () => {
    expect(await (await fetch(`${shim.url}/healthz`)).json()).toEqual({ status: 'ok' });
    const ready = await fetch(`${shim.url}/readyz`);
    expect(ready.status).toBe(200);
    await post(v1('state/fetch'), JSON.stringify({ instanceId: 'f'.repeat(32) }));
    // Pass-through serves any path under /v2/captain/: it is timed as `other`, never under a label of its own.
    const otherCount = async () =>
      Number(
        /upstream_request_duration_seconds_count\{path="other",status="404"\} (\d+)/.exec(
          await (await fetch(`${shim.url}/metrics`)).text(),
        )?.[1] ?? 0,
      );
    const before = await otherCount();
    await post(`${shim.url}/v2/captain/journey/no-such-endpoint-qzxv?instanceId=x`, '{}');
    expect(await otherCount()).toBe(before + 1);
    const metrics = await (await fetch(`${shim.url}/metrics`)).text();
    expect(metrics).not.toContain('qzxv');
    expect(metrics).toMatch(/journey_bridge_requests_total\{route="v1",status="404"\} \d+/);
    expect(metrics).toMatch(
      /journey_bridge_upstream_request_duration_seconds_count\{path="v2\/captain\/journey\/state\/fetch",status="404"\} \d+/,
    );
    expect(metrics).toContain('journey_bridge_in_flight_requests');
    expect(metrics).toContain('journey_bridge_process_resident_memory_bytes');
    // Every route the requests were counted under is one docs/shim.md lists, probes and scrapes included.
    await fetch(`${shim.url}/cutover/kill`, { method: 'POST' });
    await fetch(`${shim.url}/no-such-path`);
    const counted = new Set(
      [...(await (await fetch(`${shim.url}/metrics`)).text()).matchAll(/requests_total\{route="(\w+)"/g)].map((m) => m[1]),
    );
    expect([...counted]).toEqual(expect.arrayContaining(['healthz', 'kill', 'metrics', 'readyz', 'unknown', 'v1', 'v2']));
    const doc = readFileSync(new URL('../../../docs/shim.md', import.meta.url), 'utf8');
    const listed = /journey_bridge_requests_total\{route,status\}` \(route ([^)]*)/.exec(doc.replaceAll('\n', ' '))?.[1] ?? '';
    for (const route of counted) expect(listed, route).toContain(`\`${route}\``);
  });

  it('answers HEAD on /healthz, /readyz and /metrics as GET, without a body: load balancers probe with HEAD', async () => {
    const handler = createShimHandler({
      config: await resolveConfig({ upstream: `${upstream.url}/eu/v2/captain/`, journeyMap: mapFile }, {}),
      logger: pino({ level: 'silent' }),
    });
    try {
      for (const path of ['/healthz', '/readyz', '/metrics']) {
        const get = await fetch(`${shim.url}${path}`);
        const head = await fetch(`${shim.url}${path}`, { method: 'HEAD' });
        expect([head.status, head.headers.get('content-type')]).toEqual([get.status, get.headers.get('content-type')]);
        expect(head.status).toBe(200);
        // The GET's length too (RFC 9110 §9.3.2); the metrics' text changes between two scrapes, their length with it.
        const length = Number(head.headers.get('content-length'));
        if (path === '/metrics') expect(length).toBeGreaterThan(0);
        else expect(length).toBe(Number(get.headers.get('content-length')));
        await get.body?.cancel();
        // In-process, nothing drops a body for it: the handler itself answers without one.
        const inProcess = await handler.handle(new Request(`http://journey-bridge.test${path}`, { method: 'HEAD' }));
        expect([inProcess.status, inProcess.body]).toEqual([200, null]);
      }
      // A HEAD passed through has no body here to measure: it claims no length, never 0.
      const passed = await fetch(`${shim.url}/v2/captain/journey/state/fetch`, { method: 'HEAD' });
      expect(passed.headers.get('content-length')).not.toBe('0');
    } finally {
      await handler.close();
    }
  });

  it('times the v2 endpoints under their own label whatever the upstream base path', async () => {
    const metrics = new ShimMetrics({ v2Base: new URL(`${upstream.url}/gateway/`) });
    const timed = metrics.instrument(globalThis.fetch);
    // A gateway that serves v2 under a path of its own; the simulator answers 404 there, which is timed all the same.
    await (await timed(`${upstream.url}/gateway/journey/state/fetch?x=1`, { method: 'POST' })).text();
    expect(await metrics.registry.metrics()).toMatch(
      /upstream_request_duration_seconds_count\{path="v2\/captain\/journey\/state\/fetch",status="404"\} 1/,
    );
  });

  it('times a cutover’s v1 calls as other, though their paths end as v2 endpoints do', async () => {
    const metrics = new ShimMetrics({ v2Base: new URL(`${upstream.url}/eu/v2/captain/`) });
    const timed = metrics.instrument(globalThis.fetch);
    for (const path of ['journey/start', 'journey/state/fetch'])
      await (await timed(`${upstream.url}/eu/captain/api/${path}`, { method: 'POST' })).text();
    const text = await metrics.registry.metrics();
    expect(text).toMatch(/upstream_request_duration_seconds_count\{path="other",status="401"\} 2/);
    expect(text).not.toMatch(/upstream_request_duration_seconds_count\{path="v2/);
  });

  it("passes the init through to the client's undici fetch: its signal still ends a slow request", async () => {
    const metrics = new ShimMetrics({ v2Base: new URL(`${upstream.url}/gateway/`) });
    const timed = metrics.instrument(createFetch());
    // A signal dropped on the way would let this request run 300 ms. It is aborted once the simulator has the
    // request (a timer alone may fire before a loaded machine has sent it, and then proves nothing).
    const slow = sim.core.faults.add({ path: '/gateway/slow', latencyMs: 300, count: 1 });
    const controller = new AbortController();
    const answer = timed(`${upstream.url}/gateway/slow`, { method: 'POST', signal: controller.signal });
    await vi.waitFor(() => expect(slow.hits).toBe(1), { timeout: 5000 });
    controller.abort(new DOMException('the upstream is too slow', 'TimeoutError'));
    await expect(answer).rejects.toMatchObject({ name: 'TimeoutError' });
    expect(await metrics.registry.metrics()).toMatch(/upstream_request_duration_seconds_count\{path="other",status="0"\} 1/);
    // The simulator finishes the abandoned request within this test, not during the next.
    await vi.waitFor(() => expect(sim.core.journal.count({ path: '/gateway/slow' })).toBe(1), { timeout: 5000 });
  });

  it('reports not ready, and answers v1 calls with 503, while the upstream is unreachable', async () => {
    const lonely = await startShimCli(serveArgs(`${CLOSED_ORIGIN}/v2/captain/`, mapFile));
    try {
      expect((await fetch(`${lonely.url}/readyz`)).status).toBe(503);
      const reply = await fetch(`${lonely.url}/captain/api/journey/state/fetch`, {
        method: 'POST',
        headers: { authorization: 'Bearer t', 'content-type': 'application/json' },
        body: JSON.stringify({ instanceId: 'x'.repeat(32) }),
      });
      expect(reply.status).toBe(503);
      expect(await reply.json()).toEqual({
        status: 503,
        message: 'the upstream is unreachable; nothing was sent',
        error: 'service-unavailable-error',
      });
      const passed = await fetch(`${lonely.url}/v2/captain/journey/state/fetch`, {
        method: 'POST',
        headers: { authorization: 'Bearer t', 'content-type': 'application/json' },
        body: JSON.stringify({ instanceId: 'x'.repeat(32) }),
      });
      expect(passed.status).toBe(503);
      expect((await passed.json()).errors[0]).toMatchObject({ code: '5030', name: 'SERVICE_UNAVAILABLE' });
      expect((await fetch(`${lonely.url}/healthz`)).status).toBe(200);
    } finally {
      await lonely.stop();
    }
  });

  it('answers a start that timed out with 504: the journey may exist, findable by the request id the upstream got', async () => {
    const own = await startShimCli(ownArgs('--timeout-ms', '100'));
    try {
      sim.core.faults.add({ path: '*/journey/start', latencyMs: 800, count: 1 });
      const start = () =>
        fetch(`${own.url}/captain/api/journey/start`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ resourceId: 'a1d7c3f0data-check-v1@latest', context: { config: { async: true }, subject: {} } }),
        });
      const began = performance.now();
      const late = await start();
      expect(performance.now() - began).toBeLessThan(800);
      expect(late.status).toBe(504);
      const requestId = late.headers.get('x-request-id');
      expect(await late.json()).toEqual({
        status: 504,
        message: `the upstream did not answer in time; the journey may have been created: look for request ${requestId} before starting another`,
        error: 'gateway-timeout-error',
      });
      // The slow start did create a journey, under the id the answer named.
      await vi.waitFor(
        () =>
          expect(sim.core.journal.list({ path: '*/journey/start' }).map((entry) => [entry.status, entry.requestId])).toEqual([
            [201, requestId],
          ]),
        { timeout: 5000 },
      );
      expect((await start()).status).toBe(201);
    } finally {
      await own.stop();
    }
  });

  it('warns at start-up of each journey-map entry without flowKeys, and of no other', async () => {
    const map = {
      'a1d7c3f0data-check-v1': 'b2e8d4a1data-check-v2',
      'c3f9e5b2doc-selfie-v1': { v2: 'd4a0f6c3doc-selfie-v2', dialect: { flowKeys: { 'document-check': 'doc-auth-v2' } } },
      'e5b1a7d4fraud-screen-v1': { v2: 'f6c2b8e5fraud-screen-v2', dialect: { layout: 'context.process' } },
    };
    const own = await startShimCli(serveArgs(`${upstream.url}/eu/v2/captain/`, await journeyMapFile(map), '--log-level', 'warn'));
    try {
      const warnings = own
        .stdout()
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as { level: number; journey?: string; msg: string })
        .filter(({ level }) => level === 40);
      expect(warnings.map(({ journey }) => journey)).toEqual(['a1d7c3f0data-check-v1', 'e5b1a7d4fraud-screen-v1']);
      expect(warnings[0]?.msg).toMatch(/v2 step ids as flow keys and task variantIds/);
      expect(warnings[0]?.msg).toMatch(/"flowKeys"/);
      expect(warnings[0]?.msg).toMatch(/journey-bridge compare --learn \(docs\/cutover\.md\) or journey-bridge dialect/);
    } finally {
      await own.stop();
    }
    // variantIds give plain entries their flow keys: the shim every other test here uses warns of none.
    expect(shim.stdout()).not.toContain('has no flowKeys');
  });

  it('never logs tokens, subject data or paths', async () => {
    const ssn = '987-65-4321';
    await post(
      v1('start'),
      JSON.stringify({
        resourceId: 'a1d7c3f0data-check-v1@latest',
        context: { config: { async: true }, subject: { identity: { firstName: 'Zelda', idNumbers: [{ type: 'ssn', idNumber: ssn }] } } },
      }),
    );
    await fetch(`${shim.url}/unknown/${ssn}`);
    await vi.waitFor(() => expect(shim.stdout()).toContain('"route":"unknown"'), { interval: 5 });
    const logs = shim.stdout();
    expect(logs).toContain('"route":"v1"');
    for (const secret of [token, ssn, 'Zelda']) expect(logs).not.toContain(secret);
  });
});

/** Hostile and malformed requests: each gets the right v1 error; the shim keeps serving. */
const BAD_REQUESTS: { name: string; send: () => Promise<Response>; status: number; error?: string; message?: RegExp }[] = [
  { name: 'broken JSON', send: () => post(v1('start'), '{"resourceId":'), status: 400, message: /not valid JSON/ },
  { name: 'empty body', send: () => post(v1('start'), ''), status: 400, message: /not valid JSON/ },
  { name: 'JSON array body', send: () => post(v1('task/list'), '[]'), status: 400, message: /must be a JSON object/ },
  { name: 'JSON string body', send: () => post(v1('task/list'), '"instanceId"'), status: 400, message: /must be a JSON object/ },
  { name: 'JSON null body', send: () => post(v1('state/fetch'), 'null'), status: 400, message: /must be a JSON object/ },
  {
    name: 'body over the limit',
    send: () => post(v1('start'), JSON.stringify({ pad: 'x'.repeat(70_000) })),
    status: 413,
    error: 'payload-too-large-error',
  },
  { name: 'text/plain', send: () => post(v1('start'), '{}', { 'content-type': 'text/plain' }), status: 415 },
  {
    name: 'form content type',
    send: () => post(v1('task/list'), 'instanceId=1', { 'content-type': 'application/x-www-form-urlencoded' }),
    status: 415,
  },
  {
    name: 'no content type',
    send: () => fetch(v1('task/list'), { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: new Blob(['{}']) }),
    status: 415,
  },
  {
    name: 'missing Authorization',
    send: () => fetch(v1('task/list'), { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' }),
    status: 401,
  },
  { name: 'Basic auth', send: () => post(v1('task/list'), '{}', { authorization: 'Basic ZGVtbzpkZW1v' }), status: 401 },
  { name: 'empty bearer', send: () => post(v1('task/list'), '{}', { authorization: 'Bearer ' }), status: 401 },
  { name: 'bearer with spaces', send: () => post(v1('task/list'), '{}', { authorization: 'Bearer a b c' }), status: 401 },
  {
    name: 'unknown token',
    send: () => post(v1('task/list'), JSON.stringify({ instanceId: 'x'.repeat(32) }), { authorization: 'Bearer not-a-token' }),
    status: 401,
    error: 'unauthorized-error',
  },
  { name: 'GET on a v1 path', send: () => fetch(v1('start')), status: 405, error: 'method-not-allowed-error' },
  { name: 'PUT on a v1 path', send: () => fetch(v1('task/update'), { method: 'PUT' }), status: 405 },
  { name: 'DELETE on a v1 path', send: () => fetch(v1('state/fetch'), { method: 'DELETE' }), status: 405 },
  { name: 'unknown v1 operation', send: () => post(v1('task/delete'), '{}'), status: 404, error: 'not-found-error' },
  { name: 'unknown path', send: () => fetch(`${shim.url}/nowhere`), status: 404, error: 'not-found-error' },
  { name: 'path traversal', send: () => fetch(`${shim.url}/captain/api/journey/../../../etc/passwd`), status: 404 },
  { name: 'encoded traversal', send: () => post(`${shim.url}/captain/api/journey/%2e%2e/%2e%2e/state/fetch`, '{}'), status: 404 },
  // Repeated slashes count as one: the start operation judges the body.
  { name: 'double slash', send: () => post(`${shim.url}/captain/api//journey/start`, '{}'), status: 400, message: /resourceId/ },
  // A percent-encoded letter is that letter (RFC 3986): the start operation judges the body.
  {
    name: 'a percent-encoded letter',
    send: () => post(`${shim.url}/captain/api/journey/%73tar%74`, '{}'),
    status: 400,
    message: /resourceId/,
  },
  {
    name: 'start without resourceId',
    send: () => post(v1('start'), JSON.stringify({ context: { subject: {} } })),
    status: 400,
    message: /resourceId/,
  },
  {
    name: 'start with a malformed resourceId',
    send: () => post(v1('start'), JSON.stringify({ resourceId: 'no-version', context: {} })),
    status: 400,
    message: /resourceId/,
  },
  {
    name: 'start with an unmapped journey',
    send: () => post(v1('start'), JSON.stringify({ resourceId: 'nope@latest', context: {} })),
    status: 404,
    message: /nope@latest/,
  },
  {
    name: 'start with a journey named like a member of Object',
    send: () => post(v1('start'), JSON.stringify({ resourceId: 'toString@latest', context: {} })),
    status: 404,
    message: /toString@latest/,
  },
  { name: 'start with a numeric resourceId', send: () => post(v1('start'), JSON.stringify({ resourceId: 42, context: {} })), status: 400 },
  {
    name: 'start with async as a string',
    send: () => post(v1('start'), JSON.stringify({ resourceId: 'a1d7c3f0data-check-v1@latest', context: { config: { async: 'yes' } } })),
    status: 400,
  },
  { name: 'task list without instanceId', send: () => post(v1('task/list'), '{}'), status: 400, message: /instanceId/ },
  { name: 'task list with a numeric instanceId', send: () => post(v1('task/list'), JSON.stringify({ instanceId: 7 })), status: 400 },
  {
    name: 'task list of an unknown instance',
    send: () => post(v1('task/list'), JSON.stringify({ instanceId: 'f'.repeat(32) })),
    status: 404,
    error: 'not-found-error',
  },
  { name: 'task schema without taskId', send: () => post(v1('task/schema'), '{}'), status: 400 },
  {
    name: 'task schema of a foreign taskId',
    send: () => post(v1('task/schema'), JSON.stringify({ taskId: '6d010770feacb771748ca60a7d213b2e' })),
    status: 404,
  },
  {
    // Its digest is above any the adapter makes, so no interaction of the instance ever had it: v1 answered 404 too.
    name: 'task schema of a taskId never issued on a live instance',
    send: async () => post(v1('task/schema'), JSON.stringify({ taskId: `${await startedInstance()}.zzzzzzzzzzz` })),
    status: 404,
    error: 'not-found-error',
  },
  {
    name: 'task schema of a stale taskId',
    send: async () => post(v1('task/schema'), JSON.stringify({ taskId: `${await startedInstance()}.00000000000` })),
    status: 409,
    error: 'conflict-error',
  },
  {
    name: 'update with an unknown intent',
    send: () =>
      post(
        v1('task/update'),
        JSON.stringify({ intent: 'Finish', instanceId: 'x'.repeat(32), taskId: 'y'.repeat(32), context: { subject: {} } }),
      ),
    status: 400,
    message: /intent/,
  },
  {
    name: 'update without context',
    send: () => post(v1('task/update'), JSON.stringify({ intent: 'Complete', instanceId: 'x'.repeat(32), taskId: 'y'.repeat(32) })),
    status: 400,
  },
  {
    name: 'update with a taskId of another instance',
    send: async () =>
      post(
        v1('task/update'),
        JSON.stringify({
          intent: 'Complete',
          instanceId: 'x'.repeat(32),
          taskId: `${await startedInstance()}.00000000000`,
          context: { subject: {} },
        }),
      ),
    status: 404,
  },
  {
    name: 'update of a stale task',
    send: async () => {
      const instanceId = await startedInstance();
      return post(
        v1('task/update'),
        JSON.stringify({ intent: 'Complete', instanceId, taskId: `${instanceId}.00000000000`, context: { subject: {} } }),
      );
    },
    status: 409,
  },
  {
    name: 'state with filterKeys not an array',
    send: () => post(v1('state/fetch'), JSON.stringify({ instanceId: 'x'.repeat(32), filterKeys: '/.*/' })),
    status: 400,
  },
  {
    name: 'header injection attempt in X-Request-ID',
    send: () => post(v1('state/fetch'), JSON.stringify({ instanceId: 'f'.repeat(32) }), { 'x-request-id': 'abc%0d%0aSet-Cookie: x=1' }),
    status: 404,
  },
  {
    name: 'very long X-Request-ID',
    send: () => post(v1('state/fetch'), JSON.stringify({ instanceId: 'f'.repeat(32) }), { 'x-request-id': 'r'.repeat(5000) }),
    status: 404,
  },
  { name: 'deeply nested JSON', send: () => post(v1('state/fetch'), `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`), status: 400 },
  { name: 'unicode garbage', send: () => post(v1('task/list'), '\u0000\uffff\ud800'), status: 400 },
];

async function startedInstance(): Promise<string> {
  const reply = await post(
    v1('start'),
    JSON.stringify({ resourceId: 'a1d7c3f0data-check-v1@latest', context: { config: { async: true }, subject: {} } }),
  );
  return (await reply.json()).instanceId;
}

describe('v1 requests as live v1 accepted them', () => {
  it('serves a start with fields the specification does not show, dropping them, and a __proto__ key pollutes nothing', async () => {
    const extra = await post(
      v1('start'),
      JSON.stringify({ resourceId: 'a1d7c3f0data-check-v1@latest', context: { config: { async: true } }, journeyId: 'x' }),
    );
    expect(extra.status).toBe(201);
    const polluting = await post(
      v1('start'),
      '{"__proto__":{"admin":true},"resourceId":"a1d7c3f0data-check-v1@latest","context":{"config":{"async":true}}}',
    );
    expect(polluting.status).toBe(201);
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
    expect(sim.core.journal.list({ path: '*/journey/start' }).map((entry) => entry.status)).toEqual([201, 201]);
  });
});

describe('v1 paths as legacy callers join them', () => {
  it.each([
    ['a base URL ending in / joined to a path starting with /', '/captain/api//journey/start'],
    ['a trailing slash', '/captain/api/journey/start/'],
    ['slashes repeated inside the path', '/captain/api/journey//start'],
  ])('serves %s as the operation it names', async (_name, path) => {
    const reply = await post(
      `${shim.url}${path}`,
      JSON.stringify({ resourceId: 'a1d7c3f0data-check-v1@latest', context: { config: { async: true }, subject: {} } }),
    );
    expect(reply.status).toBe(201);
    expect(await reply.json()).toMatchObject({ instanceId: expect.any(String), status: 'InProgress' });
  });
});

describe('v1 bodies as their callers declare them', () => {
  const latin1 = (value: unknown) => Buffer.from(JSON.stringify(value), 'latin1');
  const declaring = (charset: string) => ({ authorization: `Bearer ${token}`, 'content-type': `application/json; charset=${charset}` });

  it('reads a body in the charset its Content-Type declares: a Latin-1 name reaches v2 as written', async () => {
    const headers = declaring('ISO-8859-1');
    const call = async (path: string, body: unknown) => (await fetch(v1(path), { method: 'POST', headers, body: latin1(body) })).json();
    const { instanceId } = await call('start', {
      resourceId: 'a1d7c3f0data-check-v1@latest',
      context: { config: { async: true }, subject: {} },
    });
    const { tasks } = await call('task/list', { instanceId });
    const identity = { firstName: 'Zoë', lastNames: ['Müller'], dateOfBirth: '1990-12-10' };
    const update = { intent: 'Complete', instanceId, taskId: tasks[0].taskId, context: { subject: { identity } } };
    expect(await call('task/update', update)).not.toHaveProperty('error');
    expect(sim.core.engine.get(instanceId)?.subject.identity).toMatchObject(identity);
  });

  it.each(['windows-1252', 'ISO-8859-1', 'latin1'])(
    'reads %s as windows-1252: the ’, – and € a .NET or Java caller sends reach v2 as written',
    async (charset) => {
      // Those three are windows-1252's bytes 0x92, 0x96 and 0x80, which Latin-1 would read as invisible C1 controls.
      const windows1252 = (value: unknown) =>
        Buffer.from(
          JSON.stringify(value).replace(/[’–€]/g, (c) =>
            String.fromCharCode(({ '’': 0x92, '–': 0x96, '€': 0x80 } as Record<string, number>)[c] ?? 0),
          ),
          'latin1',
        );
      const headers = declaring(charset);
      const call = async (path: string, body: unknown) =>
        (await fetch(v1(path), { method: 'POST', headers, body: windows1252(body) })).json();
      const { instanceId } = await call('start', {
        resourceId: 'a1d7c3f0data-check-v1@latest',
        context: { config: { async: true }, subject: {} },
      });
      const { tasks } = await call('task/list', { instanceId });
      const identity = { firstName: 'Siobhán', lastNames: ['O’Brien–Müller€'], dateOfBirth: '1990-12-10' };
      const update = { intent: 'Complete', instanceId, taskId: tasks[0].taskId, context: { subject: { identity } } };
      expect(await call('task/update', update)).not.toHaveProperty('error');
      expect(sim.core.engine.get(instanceId)?.subject.identity).toMatchObject(identity);
    },
  );

  it('reads a quoted charset parameter, and UTF-8 declared in another spelling as UTF-8', async () => {
    const startFor = (firstName: string) => ({
      resourceId: 'a1d7c3f0data-check-v1@latest',
      context: { config: { async: true }, subject: { identity: { firstName, lastNames: ['Müller'], dateOfBirth: '1990-12-10' } } },
    });
    const windows = await fetch(v1('start'), { method: 'POST', headers: declaring('"windows-1252"'), body: latin1(startFor('Renée')) });
    const utf8 = await post(v1('start'), JSON.stringify(startFor('José')), { 'content-type': 'application/json;charset=UTF8' });
    const firstNames = [await windows.json(), await utf8.json()].map(
      ({ instanceId }) => sim.core.engine.get(instanceId)?.subject.identity?.firstName,
    );
    expect(firstNames).toEqual(['Renée', 'José']);
  });

  it.each([
    ['UTF-8', 'utf-8', (text: string) => Buffer.from(`\ufeff${text}`)],
    ['UTF-16LE', 'utf-16le', (text: string) => Buffer.from(`\ufeff${text}`, 'utf16le')],
    ['no charset (UTF-8)', undefined, (text: string) => Buffer.from(`\ufeff${text}`)],
  ])('reads a body that starts with a byte-order mark, as .NET callers write it: %s', async (_name, charset, encode) => {
    const start = {
      resourceId: 'a1d7c3f0data-check-v1@latest',
      context: { config: { async: true }, subject: { identity: { firstName: 'Zoë', lastNames: ['Müller'], dateOfBirth: '1990-12-10' } } },
    };
    const contentType = charset ? `application/json; charset=${charset}` : 'application/json';
    const reply = await fetch(v1('start'), {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
      body: encode(JSON.stringify(start)),
    });
    expect(reply.status).toBe(201);
    const { instanceId } = (await reply.json()) as { instanceId: string };
    expect(sim.core.engine.get(instanceId)?.subject.identity?.firstName).toBe('Zoë');
  });

  it.each([
    [
      'a charset the platform does not know',
      { 'content-type': 'application/json; charset=x-legacy-ebcdic' },
      /charset "x-legacy-ebcdic" is not supported/,
    ],
    ['a charset the Encoding Standard replaces', { 'content-type': 'application/json; charset=ISO-2022-KR' }, /charset "ISO-2022-KR"/],
    ['a gzipped body', { 'content-encoding': 'gzip' }, /Content-Encoding "gzip" is not supported: send the body uncompressed/],
  ])('answers 415 in the v1 shape, naming it, to %s; nothing reaches v2', async (_name, headers, message) => {
    const reply = await post(v1('state/fetch'), JSON.stringify({ instanceId: 'f'.repeat(32) }), headers);
    expect(reply.status).toBe(415);
    expect(await reply.json()).toEqual({ status: 415, message: expect.stringMatching(message), error: 'unsupported-media-type-error' });
    expect(sim.core.journal.count()).toBe(0);
  });
});
it.each([
  ['Latin-1 sent without a charset', undefined, Buffer.from('Zoë', 'latin1')],
  ['an odd byte in UTF-16', 'utf-16le', Buffer.from([0x00, 0xd8, 0x41, 0x00])],
])(
  'refuses a body whose bytes are not valid in its charset (%s) with 400 in the v1 shape, quoting none of it; nothing reaches v2',
  async (_name, charset, name) => {
    const json = JSON.stringify({ resourceId: 'a1d7c3f0data-check-v1@latest', context: { subject: { identity: { firstName: 'NAME' } } } });
    const [before, after] = json.split('NAME');
    const encode = (text: string) => (charset ? Buffer.from(text, 'utf16le') : Buffer.from(text));
    const body = Buffer.concat([encode(before ?? ''), name, encode(after ?? '')]);
    const reply = await fetch(v1('start'), {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': charset ? `application/json; charset=${charset}` : 'application/json' },
      body,
    });
    expect(reply.status).toBe(400);
    const answer = (await reply.json()) as { message: string };
    expect(answer).toEqual({ status: 400, message: expect.stringContaining('is not valid'), error: 'bad-request-error' });
    expect(answer.message).not.toMatch(/Zo|\uFFFD/);
    expect(sim.core.journal.count()).toBe(0);
  },
);

describe('a path the shim serves nothing at', () => {
  it('is a 404 in the shape of the API the path looks like: OAuth for a token path, v2 for a v2 path, else v1', async () => {
    const token = await post(`${shim.url}/as/token.oauth2/`, 'grant_type=client_credentials');
    expect(token.status).toBe(404);
    expect(await token.json()).toEqual({ error: 'invalid_request', error_description: 'no endpoint at this path' });
    const v2 = await post(`${shim.url}/v2//captain/journey/health`, '{}');
    expect(v2.status).toBe(404);
    expect(await v2.json()).toMatchObject({ errors: [{ code: '4040', name: 'NOT_FOUND', location: 'Path' }] });
    const other = await fetch(`${shim.url}/nowhere`);
    expect(await other.json()).toEqual({ status: 404, message: 'no endpoint at this path', error: 'not-found-error' });
  });

  it('never quotes the path back: a caller’s mistake may put an identity number in it', async () => {
    for (const path of ['/captain/api/journey/state/fetch/987-65-4321', '/v2/captain/journey/987-65-4321', '/as/987-65-4321']) {
      const reply = await post(`${shim.url}${path}`, '{}');
      expect(reply.status).toBe(404);
      expect(await reply.text()).not.toContain('987-65-4321');
    }
  });
});

describe(`${BAD_REQUESTS.length} malformed or hostile requests`, () => {
  it.each(BAD_REQUESTS)('$name → $status', async ({ send, status, error, message }) => {
    const reply = await send();
    expect(reply.status).toBe(status);
    const body = await reply.json();
    expect(body).toMatchObject({ status, message: expect.any(String), error: error ?? expect.stringMatching(/-error$/) });
    if (message) expect(body.message).toMatch(message);
    const requestId = reply.headers.get('x-request-id') ?? '';
    expect(requestId).toMatch(/^[\w.:@-]{1,128}$/);
  });

  it('leaves the shim serving afterwards', async () => {
    expect((await fetch(`${shim.url}/healthz`)).status).toBe(200);
    expect(
      (
        await post(
          v1('start'),
          JSON.stringify({ resourceId: 'a1d7c3f0data-check-v1@latest', context: { config: { async: true }, subject: {} } }),
        )
      ).status,
    ).toBe(201);
  });
});

/** `journey-bridge serve` run as its binary, over `base`; resolves once it says where it listens. */
/**
 * `journey-bridge serve` as `pnpm journey-bridge` starts it from the tool's repository: the journey map is named
 * relative to where pnpm was started (`INIT_CWD`), not to the repository it runs in.
 */
function spawnServe(base: string): { child: ChildProcessByStdio<null, Readable, Readable>; listening: Promise<string> } {
  const args = ['--conditions=@journey-bridge/source', '--import', 'tsx', CLI, ...serveArgs(base, basename(mapFile))];
  const child = spawn(process.execPath, args, {
    cwd: fileURLToPath(new URL('../../../', import.meta.url)),
    env: { ...process.env, npm_lifecycle_event: 'journey-bridge', INIT_CWD: dirname(mapFile) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const listening = new Promise<string>((resolve, reject) => {
    let stderr = '';
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
      const match = /listening on (http:\/\/\S+)/.exec(stderr);
      if (match?.[1]) resolve(match[1]);
    });
    child.once('exit', (code) => reject(new Error(`journey-bridge exited with ${code}: ${stderr}`)));
  });
  return { child, listening };
}

/**
 * An upstream that holds every request until `release()`, then answers `answer`: `requested` resolves once the
 * first request has arrived, `base` is its v2 base URL.
 */
async function holdingUpstream(answer: { status: number; body: string }) {
  let arrived!: () => void;
  const requested = new Promise<void>((resolve) => (arrived = resolve));
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let received = 0;
  const server = createServer((request, response) => {
    request.resume();
    received += 1;
    arrived();
    void released.then(() => response.writeHead(answer.status, { 'content-type': 'application/json' }).end(answer.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/eu/v2/captain/`;
  return { base, requested, release, received: () => received, close: () => server.close() };
}

/** A raw connection to `url`, as a caller that pipelines writes it: what it received so far, and when it closed. */
function rawConnection(url: string) {
  const { hostname, port } = new URL(url);
  const socket = connect(Number(port), hostname);
  let wire = '';
  socket.setEncoding('utf8').on('data', (text: string) => (wire += text));
  return { socket, ended: once(socket, 'close'), wire: () => wire };
}

/** A JSON POST as it goes on the wire, with the test's token. */
function rawPost(path: string, body: unknown): string {
  const text = JSON.stringify(body);
  return `POST ${path} HTTP/1.1\r\nHost: shim\r\nAuthorization: Bearer ${token}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(text)}\r\n\r\n${text}`;
}

describe('process behaviour', () => {
  // The one spawned run of the binary: everything else runs `main` in-process.
  it('runs as the journey-bridge binary (as `pnpm journey-bridge`, its paths from where pnpm started): keeps serving when the reader of its log goes away (journey-bridge serve | head); on SIGTERM stops accepting, finishes an in-flight request, then exits 0', async () => {
    // The simulator's answer, given by an upstream that holds it until the shim has begun to stop.
    const stateFetch = {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ instanceId: 'f'.repeat(32) }),
    };
    const simulated = await fetch(`${upstream.url}/eu/v2/captain/journey/state/fetch`, stateFetch);
    const answer = { status: simulated.status, body: await simulated.text() };
    const holding = await holdingUpstream(answer);
    const { child, listening } = spawnServe(holding.base);
    try {
      const exited = once(child, 'exit');
      const url = await listening;
      child.stdout.destroy();
      // Each answer writes a log line to the closed pipe.
      for (let i = 0; i < 3; i += 1) expect((await fetch(`${url}/nowhere`)).status).toBe(404);
      expect(child.exitCode).toBe(null);

      const inFlight = fetch(`${url}/captain/api/journey/state/fetch`, stateFetch);
      await holding.requested;
      child.kill('SIGTERM');
      // Stopping closes the listener first: a new connection is refused while the held request still waits.
      await vi.waitFor(() => expect(fetch(`${url}/healthz`)).rejects.toThrow('fetch failed'), { interval: 5, timeout: 5000 });
      holding.release();
      expect(answer.status).toBe(404);
      expect((await inFlight).status).toBe(404);
      expect((await exited)[0]).toBe(0);
    } finally {
      child.kill();
      holding.close();
    }
  });

  it('answers v1 paths with the Content-Type v1 sends, byte for byte, answers and refusals alike', async () => {
    const start = JSON.stringify({ resourceId: 'a1d7c3f0data-check-v1@latest', context: { config: { async: true }, subject: {} } });
    const onV1 = await post(`${upstream.url}/eu/captain/api/journey/start`, start, { authorization: `Bearer ${token}` });
    const onShim = await post(v1('start'), start, { authorization: `Bearer ${token}` });
    const refused = await post(v1('state/fetch'), '{', { authorization: `Bearer ${token}` });
    expect([onShim.headers.get('content-type'), refused.headers.get('content-type')]).toEqual(
      Array(2).fill(onV1.headers.get('content-type')),
    );
  });

  it('answers 413 when a body without Content-Length grows past the limit, reading the rest rather than resetting the connection', async () => {
    const { hostname, port } = new URL(shim.url);
    const answer = await new Promise<{ status: number; connection: string | undefined; body: string }>((resolve, reject) => {
      const caller = httpRequest(
        {
          host: hostname,
          port,
          path: '/captain/api/journey/state/fetch',
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, // chunked: no length
        },
        (response) => {
          let body = '';
          response.on('data', (chunk: Buffer) => (body += chunk));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, connection: response.headers.connection, body }));
        },
      );
      caller.on('error', reject);
      // 64 KiB is this shim's limit: send twice that, in pieces, as a streaming client would.
      for (let piece = 0; piece < 8; piece += 1) caller.write(' '.repeat(16 * 1024));
      caller.end('{}');
    });
    expect(answer.status).toBe(413);
    expect(answer.connection).toBe('keep-alive');
    expect(JSON.parse(answer.body)).toEqual({ status: 413, message: 'the request body exceeds 65536 bytes', error: expect.any(String) });
    expect((await fetch(`${shim.url}/healthz`)).status).toBe(200);
  });

  it('passes every Set-Cookie of an upstream answer on, each on its own', async () => {
    const cookies = createServer((_request, response) => {
      response.setHeader('set-cookie', ['a=1; Path=/', 'b=2; Path=/']);
      response.end('{}');
    });
    await new Promise<void>((resolve) => cookies.listen(0, '127.0.0.1', resolve));
    const own = await startShimCli(serveArgs(`http://127.0.0.1:${(cookies.address() as AddressInfo).port}/eu/v2/captain/`, mapFile));
    try {
      const reply = await fetch(`${own.url}/eu/v2/captain/journey/state/fetch`, { method: 'POST', body: '{}' });
      expect(reply.headers.getSetCookie()).toEqual(['a=1; Path=/', 'b=2; Path=/']);
    } finally {
      await own.stop();
      cookies.close();
    }
  });

  it('stops the upstream call when the caller goes away, and counts the request as 499', async () => {
    const own = await startShimCli(ownArgs());
    try {
      sim.core.faults.add({ path: '*/journey/state/fetch', latencyMs: 2000, count: 1 });
      const { hostname, port } = new URL(own.url);
      const caller = httpRequest({
        host: hostname,
        port,
        path: '/captain/api/journey/state/fetch',
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      });
      caller.on('error', () => {}); // the reset this test causes
      caller.end(JSON.stringify({ instanceId: 'f'.repeat(32) }));
      const metrics = async () => (await fetch(`${own.url}/metrics`)).text();
      await vi.waitFor(async () => expect(await metrics()).toMatch(/^journey_bridge_in_flight_requests 1$/m), {
        interval: 10,
        timeout: 5000,
      });

      caller.destroy();

      await vi.waitFor(async () => expect(await metrics()).toMatch(/^journey_bridge_requests_total\{route="v1",status="499"\} 1$/m), {
        interval: 10,
        timeout: 5000,
      });
      // The simulator journals a request when it answers: the shim gave up on this one before it did.
      expect(sim.core.journal.list({ path: '*/journey/state/fetch' })).toEqual([]);
      expect(await metrics()).toMatch(/^journey_bridge_in_flight_requests 0$/m);
    } finally {
      await own.stop();
    }
  });

  it('at the end of the shutdown grace answers a passed-through start still waiting 504, saying the journey may have been created under which request id, a v1 start already answered upstream 201 InProgress with its instanceId, and counts neither as a caller that left (499)', async () => {
    const own = await startShimCli(ownArgs('--shutdown-timeout-ms', '100'));
    const metrics = async () => (await fetch(`${own.url}/metrics`)).text();
    // A synchronous v1 start whose v2 start is answered, then whose first poll is answered after the grace.
    sim.core.faults.add({ path: '*/journey/interaction/fetch', latencyMs: 1000, count: 1 });
    const v1Started = post(
      `${own.url}/captain/api/journey/start`,
      JSON.stringify({ resourceId: 'a1d7c3f0data-check-v1@latest', context: { subject: {} } }),
    );
    await vi.waitFor(() => expect(sim.core.journal.list({ path: '*/journey/start' })).toHaveLength(1), { interval: 5, timeout: 5000 });
    const [v1Start] = sim.core.journal.list({ path: '*/journey/start' });
    expect(v1Start?.status).toBe(201);
    // A passed-through v2 start whose answer comes after the grace.
    sim.core.faults.add({ path: '*/journey/start', latencyMs: 1000, count: 1 });
    const v2Started = fetch(`${own.url}/v2/captain/journey/start`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'x-request-id': 'held-v2-start' },
      body: JSON.stringify({ resourceId: 'b2e8d4a1data-check-v2@latest', context: { config: { delivery: 'api' }, subject: {} } }),
    });
    await vi.waitFor(async () => expect(await metrics()).toMatch(/^journey_bridge_in_flight_requests 2$/m), {
      interval: 10,
      timeout: 5000,
    });

    const stopped = own.stop();
    const [v1Answer, v2Answer] = await Promise.all([v1Started, v2Started]);
    expect(await stopped).toBe(0);

    // The v1 start's journey exists: it is answered as the adapter answers a sync start past its deadline.
    expect(v1Answer.status).toBe(201);
    expect(v1Answer.headers.get('x-request-id')).toBe(v1Start?.requestId);
    expect(await v1Answer.json()).toMatchObject({ instanceId: expect.stringMatching(/^[0-9a-f]{32}$/), status: 'InProgress' });
    expect(v2Answer.status).toBe(504);
    expect(v2Answer.headers.get('x-request-id')).toBe('held-v2-start');
    expect((await v2Answer.json()).errors[0].problem).toBe(
      'journey-bridge stopped waiting for the upstream: it is shutting down; the journey may have been created: look for request held-v2-start before starting another',
    );
    const requests = own
      .stdout()
      .split('\n')
      .filter((line) => line.includes('"msg":"request"'))
      .map((line) => JSON.parse(line) as { route: string; status: number })
      .map(({ route, status }) => ({ route, status }));
    expect(requests).toEqual(
      expect.arrayContaining([
        { route: 'v1', status: 201 },
        { route: 'v2', status: 504 },
      ]),
    );
    expect(requests).toHaveLength(2);
    // The upstream went on to handle what the shim stopped waiting for: the held start did create its journey.
    await vi.waitFor(() => expect(sim.core.journal.list({ path: '*/journey/start', status: 201 })).toHaveLength(2), {
      interval: 10,
      timeout: 5000,
    });
    await vi.waitFor(() => expect(sim.core.journal.list({ path: '*/journey/interaction/fetch' })).toHaveLength(1), {
      interval: 10,
      timeout: 5000,
    });
  });

  it('during the shutdown grace answers with Connection: close, so a keep-alive caller sends no next request on a connection about to close', async () => {
    const holding = await holdingUpstream({ status: 200, body: '{"status":"InProgress"}' });
    const own = await startShimCli(serveArgs(holding.base, mapFile, '--shutdown-timeout-ms', '10000'));
    const agent = new Agent({ keepAlive: true });
    try {
      const { hostname, port } = new URL(own.url);
      const answer = new Promise<{ status: number; connection: string | undefined }>((resolve, reject) => {
        const caller = httpRequest(
          {
            agent,
            host: hostname,
            port,
            path: '/v2/captain/journey/state/fetch',
            method: 'POST',
            headers: { authorization: `Bearer ${token}` },
          },
          (response) => {
            response.resume();
            resolve({ status: response.statusCode ?? 0, connection: response.headers.connection });
          },
        );
        caller.on('error', reject);
        caller.end(JSON.stringify({ instanceId: 'f'.repeat(32) }));
      });
      await holding.requested;
      const stopped = own.stop();
      // Stopping closes the listener first: a new connection is refused while the held request still waits.
      await vi.waitFor(() => expect(fetch(`${own.url}/healthz`)).rejects.toThrow('fetch failed'), { interval: 5, timeout: 5000 });
      holding.release();
      expect(await answer).toEqual({ status: 200, connection: 'close' });
      expect(await stopped).toBe(0);
    } finally {
      agent.destroy();
      await own.stop();
      holding.close();
    }
  });

  it('answers Expect: 100-continue over the body limit with 413 at once, and invites a body within it', async () => {
    const own = await startShimCli(ownArgs('--body-limit', '1000'));
    const ask = (length: number) =>
      `POST /captain/api/journey/start HTTP/1.1\r\nHost: shim\r\nAuthorization: Bearer ${token}\r\nContent-Type: application/json\r\nExpect: 100-continue\r\nContent-Length: ${length}\r\n\r\n`;
    const large = rawConnection(own.url);
    const small = rawConnection(own.url);
    try {
      large.socket.write(ask(5000));
      small.socket.write(ask(500));
      await vi.waitFor(() => expect(large.wire()).toMatch(/^HTTP\/1\.1 413 /), { interval: 5, timeout: 5000 });
      await vi.waitFor(() => expect(small.wire()).toMatch(/^HTTP\/1\.1 100 Continue\r\n/), { interval: 5, timeout: 5000 });
      expect(large.wire()).not.toContain('100 Continue');
    } finally {
      large.socket.destroy();
      small.socket.destroy();
      await own.stop();
    }
  });

  it('refuses a request pipelined behind one in flight after the signal: it sends nothing upstream, so no journey is made that no one is told of', async () => {
    const holding = await holdingUpstream({ status: 200, body: '{"status":"InProgress"}' });
    const own = await startShimCli(serveArgs(holding.base, mapFile, '--shutdown-timeout-ms', '10000'));
    const { socket, ended, wire } = rawConnection(own.url);
    try {
      socket.write(rawPost('/v2/captain/journey/state/fetch', { instanceId: 'f'.repeat(32) }));
      await holding.requested;
      const stopped = own.stop();
      await vi.waitFor(() => expect(fetch(`${own.url}/healthz`)).rejects.toThrow('fetch failed'), { interval: 5, timeout: 5000 });
      socket.write(rawPost('/captain/api/journey/start', { resourceId: 'a1d7c3f0data-check-v1@latest', context: { subject: {} } }));
      // Refused, it is logged at once; sent, it would wait on the held upstream.
      await vi.waitFor(() => expect(own.stdout()).toContain('"route":"v1","status":503'), { interval: 5, timeout: 5000 });
      expect(holding.received()).toBe(1);
      holding.release();
      await ended;
      expect(wire()).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
      expect(wire()).toMatch(/\r\nConnection: close\r\n/i);
      expect(await stopped).toBe(0);
      expect(holding.received()).toBe(1);
    } finally {
      socket.destroy();
      await own.stop();
      holding.close();
    }
  });

  it('answers every request pipelined before the signal, closing the connection only after the last', async () => {
    const holding = await holdingUpstream({ status: 200, body: '{"status":"InProgress"}' });
    const own = await startShimCli(serveArgs(holding.base, mapFile, '--shutdown-timeout-ms', '10000'));
    const { socket, ended, wire } = rawConnection(own.url);
    try {
      const fetchState = rawPost('/v2/captain/journey/state/fetch', { instanceId: 'f'.repeat(32) });
      socket.write(fetchState + fetchState);
      await vi.waitFor(() => expect(holding.received()).toBe(2), { interval: 5, timeout: 5000 });
      const stopped = own.stop();
      await vi.waitFor(() => expect(fetch(`${own.url}/healthz`)).rejects.toThrow('fetch failed'), { interval: 5, timeout: 5000 });
      holding.release();
      await ended;
      const answers = wire().split(/(?=HTTP\/1\.1 )/);
      expect(answers.map((answer) => [answer.slice(0, 15), /\r\nconnection: close\r\n/i.test(answer)])).toEqual([
        ['HTTP/1.1 200 OK', false],
        ['HTTP/1.1 200 OK', true],
      ]);
      expect(await stopped).toBe(0);
    } finally {
      socket.destroy();
      await own.stop();
      holding.close();
    }
  });

  it('answers a v1 request whose body is still arriving at the end of the grace 503, nothing sent, instead of cutting it off unanswered', async () => {
    const own = await startShimCli(ownArgs('--shutdown-timeout-ms', '200'));
    const { socket, ended, wire } = rawConnection(own.url);
    try {
      const before = sim.core.journal.list().length;
      socket.write(
        `POST /captain/api/journey/start HTTP/1.1\r\nHost: shim\r\nAuthorization: Bearer ${token}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"resou`,
      );
      // In before the signal: its headers are read, its body still arriving.
      await vi.waitFor(
        async () => expect(await (await fetch(`${own.url}/metrics`)).text()).toMatch(/^journey_bridge_in_flight_requests 1$/m),
        {
          interval: 5,
          timeout: 5000,
        },
      );
      expect(await own.stop()).toBe(0);
      await ended;
      expect(wire()).toMatch(/^HTTP\/1\.1 503 Service Unavailable\r\n/);
      expect(wire()).toContain('"message":"journey-bridge is shutting down: nothing was sent to the upstream; retry"');
      expect(sim.core.journal.list().length).toBe(before);
    } finally {
      socket.destroy();
      await own.stop();
    }
  });

  it("once it has stopped waiting, answers a request that arrives on a kept-alive connection 503, nothing was sent, in its API's shape, and sends nothing upstream", async () => {
    const handler = createShimHandler({
      config: await resolveConfig({ upstream: `${upstream.url}/eu/v2/captain/`, journeyMap: mapFile }, {}),
      logger: pino({ level: 'silent' }),
    });
    try {
      const sent = () => sim.core.journal.list().length;
      const before = sent();
      handler.stopWaiting();
      const call = (path: string, body: string, headers: Record<string, string> = {}) =>
        handler.handle(
          new Request(`http://journey-bridge.test${path}`, {
            method: 'POST',
            headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...headers },
            body,
          }),
        );
      const nothingSent = 'journey-bridge is shutting down: nothing was sent to the upstream; retry';
      const v1Start = await call(
        '/captain/api/journey/start',
        JSON.stringify({ resourceId: 'a1d7c3f0data-check-v1@latest', context: { subject: {} } }),
        {
          'x-request-id': 'late-v1-start',
        },
      );
      expect([v1Start.status, v1Start.headers.get('x-request-id')]).toEqual([503, 'late-v1-start']);
      expect(await v1Start.json()).toEqual({ status: 503, message: nothingSent, error: 'service-unavailable-error' });
      const v2Start = await call(
        '/v2/captain/journey/start',
        JSON.stringify({ resourceId: 'b2e8d4a1data-check-v2@latest', context: { config: { delivery: 'api' }, subject: {} } }),
      );
      expect(v2Start.status).toBe(503);
      expect((await v2Start.json()).errors[0]).toMatchObject({ name: 'SERVICE_UNAVAILABLE', problem: nothingSent });
      const tokenCall = await call('/as/token.oauth2', 'grant_type=client_credentials', {
        'content-type': 'application/x-www-form-urlencoded',
      });
      expect(tokenCall.status).toBe(503);
      expect(await tokenCall.json()).toEqual({ error: 'temporarily_unavailable', error_description: nothingSent });
      expect(sent()).toBe(before);
      // What sends nothing upstream still answers: the last scrape, liveness.
      expect((await handler.handle(new Request('http://journey-bridge.test/healthz'))).status).toBe(200);
      expect((await handler.handle(new Request('http://journey-bridge.test/metrics'))).status).toBe(200);
    } finally {
      await handler.close();
    }
  });

  it('serves one journey from two replicas behind a round-robin', async () => {
    const replicas = [await startShimCli(ownArgs()), await startShimCli(ownArgs())];
    try {
      let turn = 0;
      const call = (path: string, body: unknown) => {
        const replica = replicas[turn++ % 2] as ShimCli;
        return fetch(`${replica.url}/captain/api/journey/${path}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        }).then((reply) => reply.json());
      };
      const { instanceId } = await call('start', {
        resourceId: 'c3f9e5b2doc-selfie-v1@latest',
        context: { config: { async: true }, subject: {} },
      });
      const first = (await call('task/list', { instanceId })).tasks[0];
      expect((await call('task/schema', { taskId: first.taskId })).required).toEqual(['context']);
      const document = { documents: [{ type: 'Primary', side1Image: 'ZnJvbnQ=', side2Image: '' }] };
      expect(await call('task/update', { intent: 'Complete', instanceId, taskId: first.taskId, context: { subject: document } })).toEqual({
        instanceId,
        taskId: first.taskId,
      });
      sim.core.clock.advance(2000);
      const second = (await call('task/list', { instanceId })).tasks[0];
      await call('task/update', {
        intent: 'Complete',
        instanceId,
        taskId: second.taskId,
        context: { subject: { biometrics: [{ selfieImage: 'c2VsZmll' }] } },
      });
      sim.core.clock.advance(1500);
      const state = await call('state/fetch', { instanceId });
      expect(state.status).toBe('Completed');
      expect(state.data.process.flow.decision.result.outcome).toBe('Decision: Pass');
    } finally {
      await Promise.all(replicas.map((replica) => replica.stop()));
    }
  });

  it('takes configuration from a file, environment variables and flags, flags winning', async () => {
    const { writeFile } = await import('node:fs/promises');
    const { join } = await import('node:path');
    const config = join(await tempDir(), 'config.json');
    await writeFile(config, JSON.stringify({ upstream: `${CLOSED_ORIGIN}/v2/captain/`, journeyMap: mapFile, port: 1 }));
    // The file names a dead upstream and port 1; the environment a live upstream and port 2; the flag port 0.
    const own = await startShimCli(['serve', '--config', config, '--port', '0'], {
      JOURNEY_BRIDGE_UPSTREAM: `${upstream.url}/eu/v2/captain/`,
      JOURNEY_BRIDGE_PORT: '2',
    });
    try {
      expect(own.url).not.toMatch(/:(1|2)$/); // the flag's port 0 won over the environment's and the file's
      expect((await fetch(`${own.url}/readyz`)).status).toBe(200); // the environment's upstream won over the file's
    } finally {
      await own.stop();
    }
  });

  it('exits 1 naming the address it cannot listen on or the store it cannot reach (its password hidden) and why, and 2 without a command', async () => {
    const taken = await exitOf(
      serveArgs(`${upstream.url}/eu/v2/captain/`, mapFile).map((arg) => (arg === '0' ? new URL(shim.url).port : arg)),
    );
    expect(taken.code).toBe(1);
    expect(taken.stderr).toBe(
      `journey-bridge: cannot listen on 127.0.0.1:${new URL(shim.url).port}: listen EADDRINUSE: address already in use 127.0.0.1:${new URL(shim.url).port}\n`,
    );
    const cutover = JSON.stringify({
      v1Upstream: `${upstream.url}/eu/captain/api/`,
      mappings: [{ v1: 'a1d7c3f0data-check-v1', v2: 'b2e8d4a1data-check-v2', stage: { kind: 'shadow', sample: 0.5 } }],
    });
    const store = CLOSED_ORIGIN.replace('http://', 'redis://user:secret@');
    const unreachable = await exitOf(['serve', '--upstream', 'eu', '--cutover', cutover, '--store', store, '--port', '0'], {
      JOURNEY_BRIDGE_STORE_KEY: Buffer.alloc(32, 7).toString('base64'),
    });
    expect(unreachable.code).toBe(1);
    expect(unreachable.stderr).toBe(
      `journey-bridge: cannot use the store ${store.replace(':secret@', ':***@')}: cannot reach Redis: connect ECONNREFUSED 127.0.0.1:${new URL(store).port}\n`,
    );
    const bare = await exitOf([]);
    expect(bare).toMatchObject({
      code: 2,
      stdout: '',
      stderr: 'journey-bridge: give a command: serve, dialect or compare\nRun journey-bridge --help for the options.\n',
    });
  });

  it('exits 2 naming the problem for a bad configuration', async () => {
    const missing = await exitOf(['serve', '--journey-map', mapFile]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('upstream');
    const badMap = await exitOf(['serve', '--upstream', 'eu', '--journey-map', '/does/not/exist.json']);
    expect(badMap.code).toBe(2);
    expect(badMap.stderr).toContain('cannot read journeyMap (flag --journey-map) /does/not/exist.json: ENOENT');
    const badFlag = await exitOf(['serve', '--upstraem', 'eu']);
    expect(badFlag.code).toBe(2);
    // The option alone: not node's advice on positionals that start with '-', whose quote is left open.
    expect(badFlag.stderr).toBe("journey-bridge: Unknown option '--upstraem'\nRun journey-bridge serve --help for the options.\n");
    const help = await exitOf(['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('Usage: journey-bridge serve');
    for (const command of ['serve', 'dialect', 'compare']) {
      const own = await exitOf([command, '--help']);
      expect(own.code, command).toBe(0);
      expect(own.stdout, command).toMatch(new RegExp(`^Usage: journey-bridge ${command}`));
    }
    expect(await exitOf(['compare', '--version'])).toEqual({ code: 0, stdout: `journey-bridge ${version}\n`, stderr: '' });
  });
});
