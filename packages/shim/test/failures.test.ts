import { createServer } from 'node:http';
import { type AddressInfo, connect, createServer as createNetServer } from 'node:net';
import { gzipSync } from 'node:zlib';
import { ClientOptionsError } from '@journey-bridge/client';
import { createSimulator } from '@journey-bridge/simulator';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { journeyMap, journeys, variantIds } from '../../adapter/test/targets.js';
import { ShimConfig, type ShimConfigInput } from '../src/config.js';
import { createLogger, type RunningShim, startShim } from '../src/server.js';

const sim = createSimulator({ journeys, clock: { manual: true } });
const upstream = await sim.listen();
const V1_START = '*/journey/start';
const logged: string[] = [];
// The shim's own logger (its redaction included), writing to memory.
const logger = createLogger('info', { write: (line: string) => void logged.push(line) });

const shims: RunningShim[] = [];
async function shimWith(overrides: Partial<ShimConfigInput> = {}): Promise<RunningShim> {
  const config = ShimConfig.parse({
    upstream: `${upstream.url}/eu/v2/captain/`,
    port: 0,
    journeyMap,
    variantIds,
    bodyLimitBytes: 65_536,
    timeoutMs: 300,
    shutdownTimeoutMs: 100,
    ...overrides,
  });
  const shim = await startShim(config, { logger });
  shims.push(shim);
  return shim;
}
const shim = await shimWith();
afterAll(async () => {
  await Promise.all(shims.map((each) => each.close()));
  await upstream.close();
});

let token: string;
beforeEach(() => {
  sim.core.reset();
  token = sim.issueToken();
});

const headers = () => ({ authorization: `Bearer ${token}`, 'content-type': 'application/json' });
const post = (url: string, body: unknown) => fetch(url, { method: 'POST', headers: headers(), body: JSON.stringify(body) });
const v1Start = { resourceId: 'a1d7c3f0data-check-v1@latest', context: { config: { async: true }, subject: {} } };
const v2Start = { resourceId: 'b2e8d4a1data-check-v2@latest', context: { config: { delivery: 'api' }, subject: {} } };
const startsJournaled = () => sim.core.journal.list({ path: V1_START }).map((entry) => [entry.status, entry.requestId]);

/** Sends raw bytes and resolves with everything the server wrote back before it closed the connection. */
function raw(url: string, bytes: string | Buffer): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    const received: Buffer[] = [];
    socket.on('data', (chunk) => received.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => resolve(Buffer.concat(received).toString('latin1')));
    socket.end(bytes);
  });
}

describe('a v1 journey start whose outcome is unknown', () => {
  // None of these outcomes is the timeout's: a start may take longer than the 300 ms the timeout tests below use
  // when it is a worker's first, on a loaded machine (a fresh clone's run answered 504 twice).
  let patient: RunningShim;
  beforeAll(async () => {
    patient = await shimWith({ timeoutMs: 10_000 });
  });

  it('is answered 502 when the connection breaks after sending, naming the request id the journey can be found by', async () => {
    sim.core.faults.add({ path: V1_START, reset: true, count: 1 });
    const reply = await post(`${patient.url}/captain/api/journey/start`, v1Start);
    expect(reply.status).toBe(502);
    const requestId = reply.headers.get('x-request-id');
    const body = (await reply.json()) as { status: number; message: string; error: string };
    expect(body).toMatchObject({ status: 502, error: 'bad-gateway-error' });
    expect(body.message).toContain(`the journey may have been created: look for request ${requestId}`);
    expect(startsJournaled()).toEqual([[0, requestId]]);
  });

  it('is answered 502 when the upstream fails with 500 after receiving it, and is not retried', async () => {
    sim.core.faults.add({ path: V1_START, status: 500, count: 1 });
    const reply = await post(`${patient.url}/captain/api/journey/start`, v1Start);
    expect(reply.status).toBe(502);
    expect(((await reply.json()) as { message: string }).message).toContain('failed (500) after receiving the request');
    expect(startsJournaled()).toHaveLength(1);
  });

  it('is retried by the shim and admitted when the upstream says 503 (not admitted)', async () => {
    sim.core.faults.add({ path: V1_START, status: 503, retryAfter: 0, count: 1 });
    const reply = await post(`${patient.url}/captain/api/journey/start`, v1Start);
    expect(reply.status).toBe(201);
    expect(startsJournaled().map(([status]) => status)).toEqual([503, 201]);
  });

  it('is answered 502, never 200, when the upstream admitted it but its answer is unreadable', async () => {
    sim.core.faults.add({ path: V1_START, malformed: true, count: 1 });
    const reply = await post(`${patient.url}/captain/api/journey/start`, v1Start);
    expect(reply.status).toBe(502);
    const body = (await reply.json()) as { status: number; message: string };
    expect(body.status).toBe(502);
    expect(body.message).toContain('cannot read; the journey may have been created');
  });
});

describe('an upstream Retry-After on a v1 path', () => {
  it('is waited out no longer than --timeout-ms per retry: a Retry-After of a day answers 429 after the retries, with it', async () => {
    const { instanceId } = (await (await post(`${shim.url}/captain/api/journey/start`, v1Start)).json()) as { instanceId: string };
    sim.core.faults.add({ path: '*/journey/state/fetch', status: 429, retryAfter: 86_400 });
    const reply = await post(`${shim.url}/captain/api/journey/state/fetch`, { instanceId });
    expect(reply.status).toBe(429);
    // The caller's own retry waits as the upstream asked: the error table has v1 apps honour it too.
    expect(reply.headers.get('retry-after')).toBe('86400');
    expect(sim.core.journal.list({ path: '*/journey/state/fetch' }).map((entry) => entry.status)).toEqual([429, 429, 429]);
  });
});

describe('an unreadable upstream 2xx on any v1 path', () => {
  it('is 502 in the v1 shape on state fetch, never a 200 whose status is a number', async () => {
    const { instanceId } = (await (await post(`${shim.url}/captain/api/journey/start`, v1Start)).json()) as { instanceId: string };
    sim.core.faults.add({ path: '*/journey/state/fetch', malformed: true });
    const reply = await post(`${shim.url}/captain/api/journey/state/fetch`, { instanceId });
    expect(reply.status).toBe(502);
    expect(await reply.json()).toEqual({
      status: 502,
      message: 'the upstream answered in a form journey-bridge cannot read',
      error: 'bad-gateway-error',
    });
  });
});

describe('an upstream answer HTTP cannot carry', () => {
  // Raw answers only a broken upstream (or something between) gives; node:http would send none of them.
  const BROKEN = {
    'a status of 600': 'HTTP/1.1 600 Beyond\r\ncontent-length: 2\r\n\r\n{}',
    'a 100 KB header': `HTTP/1.1 201 Created\r\nx-large: ${'a'.repeat(100_000)}\r\ncontent-length: 2\r\n\r\n{}`,
    'a chunk size that is not hex': 'HTTP/1.1 201 Created\r\ntransfer-encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n',
  };
  let answer: string | Buffer = '';
  const broken = createNetServer((socket) => {
    // The shim's client resets a connection whose answer it stops reading (a header past its limit).
    socket.on('error', () => {});
    socket.once('data', () => socket.end(answer));
  });
  let brokenShim: RunningShim;
  beforeAll(async () => {
    await new Promise<void>((resolve) => broken.listen(0, '127.0.0.1', resolve));
    brokenShim = await shimWith({ upstream: `http://127.0.0.1:${(broken.address() as AddressInfo).port}/eu/v2/captain/` });
  });
  afterAll(() => new Promise<void>((resolve) => broken.close(() => resolve())));

  it.each(Object.entries(BROKEN))('(%s) to a v1 start is 502 saying the journey may have been created, not 500', async (_name, raw) => {
    answer = raw;
    const reply = await post(`${brokenShim.url}/captain/api/journey/start`, v1Start);
    expect(reply.status).toBe(502);
    const body = (await reply.json()) as { status: number; message: string };
    expect(body.status).toBe(502);
    expect(body.message).toContain(`the journey may have been created: look for request ${reply.headers.get('x-request-id')}`);
    const read = await post(`${brokenShim.url}/captain/api/journey/state/fetch`, { instanceId: 'a'.repeat(32) });
    expect(read.status).toBe(502);
  });

  const NOT_JSON_DATA = {
    'an HTML page': 'HTTP/1.1 201 Created\r\ncontent-type: text/html\r\ncontent-length: 12\r\n\r\n<h1>ok</h1>\n',
    'an empty body': 'HTTP/1.1 201 Created\r\ncontent-type: application/json\r\ncontent-length: 0\r\n\r\n',
    null: 'HTTP/1.1 201 Created\r\ncontent-type: application/json\r\ncontent-length: 4\r\n\r\nnull',
    'JSON cut short where nothing framed its length':
      'HTTP/1.1 201 Created\r\ncontent-type: application/json\r\nconnection: close\r\n\r\n{"instanceId":"25fe8b',
  };

  it.each(Object.entries(NOT_JSON_DATA))(
    '(%s) in a 2xx to a passed-through v2 start is 502 saying the journey may exist, not a success',
    async (_name, raw) => {
      answer = raw;
      const reply = await post(`${brokenShim.url}/v2/captain/journey/start`, v2Start);
      expect(reply.status).toBe(502);
      const { errors } = (await reply.json()) as { errors: { name: string; problem: string }[] };
      expect(errors[0]?.name).toBe('BAD_GATEWAY');
      expect(errors[0]?.problem).toContain(`look for request ${reply.headers.get('x-request-id')} before starting another`);
    },
  );

  it('passes on a compressed journey answer, and a token answer in another format, as they came', async () => {
    const state = gzipSync(JSON.stringify({ instanceId: 'a'.repeat(32), status: 'InProgress' }));
    answer = Buffer.concat([
      Buffer.from(`HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-encoding: gzip\r\ncontent-length: ${state.length}\r\n\r\n`),
      state,
    ]);
    const compressed = await fetch(`${brokenShim.url}/v2/captain/journey/state/fetch`, {
      method: 'POST',
      headers: { ...headers(), 'accept-encoding': 'gzip' },
      body: JSON.stringify({ instanceId: 'a'.repeat(32) }),
    });
    expect(compressed.status).toBe(200);
    expect(await compressed.json()).toEqual({ instanceId: 'a'.repeat(32), status: 'InProgress' });

    answer = 'HTTP/1.1 200 OK\r\ncontent-type: application/jwt\r\ncontent-length: 11\r\n\r\neyJ.eyJ.sig';
    const token = await fetch(`${brokenShim.url}/as/token.oauth2`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials',
    });
    expect(token.status).toBe(200);
    expect(await token.text()).toBe('eyJ.eyJ.sig');
  });
});

describe('v2 pass-through', () => {
  const stateFetch = () => `${shim.url}/v2/captain/journey/state/fetch`;

  it('is held to --timeout-ms: 504 in the v2 shape long before the upstream answers', async () => {
    sim.core.faults.add({ path: '*/journey/state/fetch', latencyMs: 3000, count: 1 });
    const began = performance.now();
    const reply = await post(stateFetch(), { instanceId: 'x'.repeat(32) });
    expect(performance.now() - began).toBeLessThan(2500);
    expect(reply.status).toBe(504);
    expect(await reply.json()).toMatchObject({ errors: [{ code: '5040', name: 'GATEWAY_TIMEOUT', location: 'Service' }] });
  });

  it('says a timed-out start may have created the journey, under the request id it forwarded', async () => {
    sim.core.faults.add({ path: V1_START, latencyMs: 1000, count: 1 });
    const reply = await post(`${shim.url}/v2/captain/journey/start`, v2Start);
    expect(reply.status).toBe(504);
    const requestId = reply.headers.get('x-request-id');
    const { errors } = (await reply.json()) as { errors: { problem: string }[] };
    expect(errors[0]?.problem).toContain(`look for request ${requestId} before starting another`);
    await vi.waitFor(() => expect(startsJournaled()).toEqual([[201, requestId]]), { timeout: 3000 });
  });

  it('answers a start the upstream took and failed with 500 as 502 saying it may have been created, as v1 does', async () => {
    sim.core.faults.add({ path: '*/v2/captain/journey/start', status: 500, afterHandling: true, count: 1 });
    const reply = await post(`${shim.url}/v2/captain/journey/start`, v2Start);
    expect(reply.status).toBe(502);
    const requestId = reply.headers.get('x-request-id');
    const { errors } = (await reply.json()) as { errors: { code: string; name: string; problem: string }[] };
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ code: '5020', name: 'BAD_GATEWAY' });
    expect(errors[0]?.problem).toBe(
      `the upstream failed (500) after receiving the request; the journey may have been created: look for request ${requestId} before starting another`,
    );
    expect(startsJournaled()).toEqual([[500, requestId]]);
  });

  it('passes every other upstream 500 on as it came: a state fetch’s, and a start’s other errors', async () => {
    const direct = (path: string, body: unknown) => post(`${upstream.url}/eu/v2/captain/${path}`, body);
    const viaShim = (path: string, body: unknown) => post(`${shim.url}/v2/captain/${path}`, body);
    for (const [path, body, fault] of [
      ['journey/state/fetch', { instanceId: 'x'.repeat(32) }, { status: 500 }],
      ['journey/start', v2Start, { status: 400 }],
    ] as const) {
      sim.core.faults.add({ path: `*/v2/captain/${path}`, ...fault, count: 2 });
      const [expected, got] = [await direct(path, body), await viaShim(path, body)];
      expect(got.status, path).toBe(expected.status);
      expect(await got.text(), path).toBe(await expected.text());
    }
  });

  it('forwards the caller’s own X-Request-ID and answers with it', async () => {
    const reply = await fetch(stateFetch(), {
      method: 'POST',
      headers: { ...headers(), 'x-request-id': 'caller-id-1' },
      body: JSON.stringify({ instanceId: 'x'.repeat(32) }),
    });
    expect(reply.headers.get('x-request-id')).toBe('caller-id-1');
    expect(sim.core.journal.list({ path: '*/journey/state/fetch' }).map((entry) => entry.requestId)).toEqual(['caller-id-1']);
  });

  it('answers 502, not a cut-short 200, when the upstream answer is truncated', async () => {
    const { instanceId } = (await (await post(`${shim.url}/v2/captain/journey/start`, v2Start)).json()) as { instanceId: string };
    sim.core.faults.add({ path: '*/journey/state/fetch', reset: true, count: 1 });
    const reply = await post(stateFetch(), { instanceId });
    expect(reply.status).toBe(502);
    expect(await reply.json()).toMatchObject({ errors: [{ code: '5020', name: 'BAD_GATEWAY' }] });
  });

  it('refuses a chunked body over the limit with 413 in the v2 shape while it streams, and serves on', async () => {
    const oversized = `{"instanceId":"${'x'.repeat(200_000)}"}`;
    const chunked = (async function* () {
      for (let at = 0; at < oversized.length; at += 8192) yield new TextEncoder().encode(oversized.slice(at, at + 8192));
    })();
    const reply = await fetch(stateFetch(), { method: 'POST', headers: headers(), body: chunked as never, duplex: 'half' } as RequestInit);
    expect(reply.status).toBe(413);
    expect(await reply.json()).toMatchObject({ errors: [{ code: '4130', name: 'PAYLOAD_TOO_LARGE', location: 'Body' }] });
    expect((await fetch(`${shim.url}/healthz`)).status).toBe(200);
  });

  it('refuses an oversized token request with 413 in the OAuth shape', async () => {
    const reply = await fetch(`${shim.url}/as/token.oauth2`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': '100000000' },
      body: 'x'.repeat(70_000),
    }).catch((error: unknown) => error);
    // The shim answers before reading the body; fetch may see the answer or the closed connection.
    if (reply instanceof Response) {
      expect(reply.status).toBe(413);
      expect(await reply.json()).toMatchObject({ error: 'invalid_request' });
    }
    const answer = await raw(
      shim.url,
      `POST /as/token.oauth2 HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 70000\r\n\r\n${'x'.repeat(70_000)}`,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(answer).toContain('"error":"invalid_request"');
  });

  it('answers 502 when the upstream answer is over --response-limit', async () => {
    const small = await shimWith({ responseLimitBytes: 64 });
    const reply = await post(`${small.url}/v2/captain/journey/start`, v2Start);
    expect(reply.status).toBe(502);
    const { errors } = (await reply.json()) as { errors: { problem: string }[] };
    expect(errors[0]?.problem).toContain('over 64');
  });

  it('holds the adapter’s reads to --response-limit too: a v1 state fetch over it is a 502 in the v1 shape', async () => {
    const small = await shimWith({ responseLimitBytes: 200 });
    const started = await post(`${small.url}/captain/api/journey/start`, v1Start);
    expect(started.status).toBe(201);
    const { instanceId } = (await started.json()) as { instanceId: string };
    const state = await post(`${upstream.url}/eu/v2/captain/journey/state/fetch`, { instanceId });
    expect((await state.text()).length).toBeGreaterThan(200);
    const reply = await post(`${small.url}/captain/api/journey/state/fetch`, { instanceId });
    expect(reply.status).toBe(502);
    expect(await reply.json()).toMatchObject({ status: 502, error: 'bad-gateway-error' });
  });

  it('answers 503 when nothing could be sent, without the "may have been created" warning', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    // A refused connection is not the timeout's: a loaded machine must not turn it into one (300 ms by default here).
    const lonely = await shimWith({ upstream: `http://127.0.0.1:${port}/eu/v2/captain/`, timeoutMs: 10_000 });
    const reply = await post(`${lonely.url}/v2/captain/journey/start`, v2Start);
    expect(reply.status).toBe(503);
    const { errors } = (await reply.json()) as { errors: { problem: string }[] };
    expect(errors[0]?.problem).toBe('the upstream is unreachable');
  });
});

describe('a failure the shim does not expect on a v1 path', () => {
  /** A shim whose fetch fails as a bug would: `error` thrown, no network failure behind it. */
  async function shimWhoseFetchThrows(error: Error) {
    const broken = await startShim(
      ShimConfig.parse({ upstream: `${upstream.url}/eu/v2/captain/`, port: 0, journeyMap, variantIds, shutdownTimeoutMs: 100 }),
      {
        logger,
        fetch: async () => {
          throw error;
        },
      },
    );
    shims.push(broken);
    return broken;
  }
  /** The error lines logged since `from`. */
  const errorLinesSince = (from: number) =>
    logged
      .slice(from)
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((line) => line.level === 50);

  it('is answered with the generic 500 and logged once, by its name and the frame it was thrown at, never its message, the token or the body', async () => {
    const broken = await shimWhoseFetchThrows(new TypeError('a bug in the fetch'));
    const from = logged.length;
    const subject = { identity: { firstName: 'Ada', lastNames: ['Lovelace'], dateOfBirth: '1990-12-10' } };
    const reply = await post(`${broken.url}/captain/api/journey/start`, { ...v1Start, context: { subject } });
    expect(reply.status).toBe(500);
    expect(await reply.json()).toEqual({
      status: 500,
      message: 'journey-bridge failed to handle the request',
      error: 'internal-server-error',
    });
    expect(errorLinesSince(from)).toEqual([
      expect.objectContaining({
        operation: 'startJourney',
        error: { name: 'TypeError', at: expect.stringMatching(/^at .*failures\.test\.ts:\d+/) },
      }),
    ]);
    const text = logged.slice(from).join('');
    for (const secret of [token, 'Lovelace', '1990-12-10', 'a bug in the fetch']) expect(text).not.toContain(secret);
  });

  it('logs no line of its message as the frame it was thrown at, even a message that holds a line starting with "at"', async () => {
    // A message that quotes the input across lines, as `undefined["x\n    at Jane Doe 1990-12-10"]` would.
    const broken = await shimWhoseFetchThrows(new Error('x\n    at Jane Doe 1990-12-10'));
    const from = logged.length;
    const reply = await post(`${broken.url}/captain/api/journey/start`, v1Start);
    expect(reply.status).toBe(500);
    expect(errorLinesSince(from)).toEqual([
      expect.objectContaining({ error: { name: 'Error', at: expect.stringMatching(/^at .*failures\.test\.ts:\d+/) } }),
    ]);
    const text = logged.slice(from).join('');
    for (const secret of ['Jane Doe', '1990-12-10']) expect(text).not.toContain(secret);
  });
});

describe('hostile requests', () => {
  it('answers 400, not 500, to a subject nested 100,000 levels deep, on v1 and v2 paths', async () => {
    const deep = `{"resourceId":"a1d7c3f0data-check-v1@latest","context":{"subject":${'['.repeat(100_000)}${']'.repeat(100_000)}}}`;
    // Not a test of the deadline: on a loaded machine, reading and checking 200 KB took longer than this file's 300 ms.
    const big = await shimWith({ bodyLimitBytes: 1_000_000, timeoutMs: 20_000 });
    const v1 = await fetch(`${big.url}/captain/api/journey/start`, { method: 'POST', headers: headers(), body: deep });
    expect(v1.status).toBe(400);
    expect(((await v1.json()) as { message: string }).message).toBe('the request body nests deeper than 64 levels');
    const v2 = await fetch(`${big.url}/v2/captain/journey/start`, { method: 'POST', headers: headers(), body: deep });
    expect(v2.status).toBe(400);
    expect(await v2.json()).toMatchObject({ errors: [{ problem: 'the request body nests deeper than 64 levels' }] });
    expect(logged.join('')).not.toContain('unexpected failure');
  });

  it('answers 400 to an absolute-form target with user information, and forwards nothing', async () => {
    const { port } = new URL(shim.url);
    const answer = await raw(
      shim.url,
      `POST http://user:pass@127.0.0.1:${port}/v2/captain/journey/state/fetch HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}`,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(sim.core.journal.list()).toEqual([]);
  });
});

describe('the start line', () => {
  it('refuses an upstream with a password, even in a configuration that did not go through the schema, logging no password', async () => {
    const config = ShimConfig.parse({ upstream: `${upstream.url}/eu/v2/captain/`, port: 0, journeyMap, variantIds });
    const withPassword = `${upstream.url.replace('//', '//u:UPPASSLEAK@')}/eu/v2/captain/`;
    const started = async () => shims.push(await startShim({ ...config, upstream: withPassword }, { logger }));
    await expect(started).rejects.toThrow(ClientOptionsError);
    await expect(started).rejects.not.toThrow('UPPASSLEAK');
    expect(logged.join('')).not.toContain('UPPASSLEAK');
  });
});
