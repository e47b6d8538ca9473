import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it, vi } from 'vitest';
import {
  ClientOptionsError,
  ConnectionError,
  createDispatcher,
  createFetch,
  createJourneyClient,
  type JourneyClientOptions,
  ResponseTooLargeError,
  staticToken,
  TimeoutError,
} from '../src/index.js';
import { FAST_RETRY, simulator, startDataCheck, V2_BASE, v2Client } from './simulator.js';

// A state fetch answer that passes the contract, taken from the simulator and served by a plain server below.
const sim = await simulator();
const { instanceId } = await startDataCheck(v2Client(sim));
const stateText = await (
  await sim.fetch(`${V2_BASE}journey/state/fetch`, {
    method: 'POST',
    headers: { authorization: `Bearer ${sim.issueToken()}`, 'content-type': 'application/json' },
    body: JSON.stringify({ instanceId }),
  })
).text();

/** Since the last reset: connections the server accepted, those open, the most open at once, requests by route. */
const seen = { connections: 0, open: new Set<object>(), mostOpen: 0, requests: new Map<string, number>() };
const resetSeen = () => Object.assign(seen, { connections: 0, open: new Set(), mostOpen: 0, requests: new Map() });

/** Raw answers no HTTP server should give, by route. */
const BROKEN: Record<string, string> = {
  'status-600': 'HTTP/1.1 600 Beyond\r\ncontent-length: 2\r\n\r\n{}',
  'header-overflow': `HTTP/1.1 200 OK\r\nx-large: ${'a'.repeat(100_000)}\r\ncontent-length: 2\r\n\r\n{}`,
  'bad-chunk': 'HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n',
};

/** A real server on loopback whose answers the tests choose by the first path segment. */
const server = createServer((request: IncomingMessage, response: ServerResponse) => {
  const route = request.url?.split('/')[1] ?? '';
  seen.requests.set(route, (seen.requests.get(route) ?? 0) + 1);
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    switch (route) {
      case 'state':
        response.writeHead(200, { 'content-type': 'application/json' }).end(stateText);
        return;
      case 'slow':
        setTimeout(() => response.writeHead(200, { 'content-type': 'application/json' }).end(stateText), 30);
        return;
      case 'big':
        response.writeHead(200, { 'content-type': 'application/json', 'content-length': 4096 }).end('x'.repeat(4096));
        return;
      case 'big-chunked':
        // No length announced: the limit can only be found while reading.
        response.writeHead(200, { 'content-type': 'application/json' });
        response.write('x'.repeat(2048));
        response.end('x'.repeat(2048));
        return;
      case 'truncated':
        // A length announced and a tenth of it sent before the connection drops.
        response.writeHead(200, { 'content-type': 'application/json', 'content-length': stateText.length });
        response.write(stateText.slice(0, stateText.length / 10), () => response.socket?.destroy());
        return;
      case 'truncated-chunked':
        response.writeHead(200, { 'content-type': 'application/json' });
        response.write(stateText.slice(0, 20), () => response.socket?.destroy());
        return;
      case 'cookies':
        response.setHeader('set-cookie', ['a=1', 'b=2']);
        response.writeHead(200).end();
        return;
      case 'empty':
        response.writeHead(204).end();
        return;
      case 'moved':
        response.writeHead(307, { location: '/state' }).end();
        return;
      case 'trickle':
        // Headers and a first part, then nothing: the rest never comes.
        response.writeHead(200, { 'content-type': 'application/json', 'content-length': stateText.length });
        response.write(stateText.slice(0, 10));
        return;
      case 'hang':
        return;
      case 'status-600':
      case 'header-overflow':
      case 'bad-chunk':
        // Written past node:http, which would refuse to send any of them: answers only a broken upstream gives.
        response.socket?.end(BROKEN[route] as string);
        return;
      default:
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ method: request.method, headers: request.headers, body: Buffer.concat(chunks).toString() }));
    }
  });
});
server.on('connection', (socket) => {
  // The set of its time: a connection from before a reset closing now does not count against the next test.
  const { open } = seen;
  open.add(socket);
  seen.connections += 1;
  seen.mostOpen = Math.max(seen.mostOpen, open.size);
  socket.on('close', () => open.delete(socket));
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

/** A v2 client for the server above, whose base is `/<route>/`. */
const clientOn = (route: string, options: Partial<JourneyClientOptions> = {}) =>
  createJourneyClient({ baseUrl: `${origin}/${route}/`, auth: staticToken('test-token'), retry: FAST_RETRY, ...options });

/** The `code` of the first error in the cause chain that has one. */
function codeOf(error: unknown): unknown {
  for (let current = error; current instanceof Error; current = current.cause) {
    const { code } = current as { code?: unknown };
    if (typeof code === 'string') return code;
  }
  return undefined;
}

describe('createFetch over an undici pool', () => {
  const fetch = createFetch(createDispatcher());

  it('sends method, headers and body, and answers status, repeated headers and body', async () => {
    const response = await fetch(`${origin}/echo`, { method: 'post', headers: { authorization: 'Bearer t' }, body: '{"a":1}' });
    const echoed = (await response.json()) as { method: string; headers: Record<string, string>; body: string };
    expect([echoed.method, echoed.headers.authorization, echoed.body]).toEqual(['POST', 'Bearer t', '{"a":1}']);
    expect((await fetch(`${origin}/cookies`)).headers.getSetCookie()).toEqual(['a=1', 'b=2']);
    expect((await fetch(`${origin}/empty`)).body).toBeNull();
    const moved = await fetch(`${origin}/moved`, { method: 'POST', body: '{}' });
    expect([moved.status, moved.headers.get('location')]).toEqual([307, '/state']);
  });

  it('keeps connections alive for requests in sequence, from it and from a client on the same pool', async () => {
    const dispatcher = createDispatcher();
    const own = createFetch(dispatcher);
    resetSeen();
    for (let i = 0; i < 10; i += 1) await (await own(`${origin}/echo`, { method: 'POST', body: `${i}` })).text();
    const client = clientOn('state', { dispatcher });
    for (let i = 0; i < 10; i += 1) await client.fetchState({ instanceId });
    expect(seen.requests.get('state')).toBe(10);
    // Two, not one: a request sent in the same tick as the previous answer ends finds its connection not yet
    // released, and undici opens a second; from then on the two take turns.
    expect(seen.connections).toBeLessThanOrEqual(2);
    await dispatcher.close();
  });

  it.each([
    [1, 1],
    [4, 4],
  ])('opens at most `connections` (%i) connections to one origin; the other requests wait for one', async (connections, most) => {
    const dispatcher = createDispatcher({ connections });
    const client = clientOn('slow', { dispatcher });
    resetSeen();
    const states = await Promise.all(Array.from({ length: 4 }, () => client.fetchState({ instanceId })));
    expect(states.map((state) => state.instanceId)).toEqual(Array(4).fill(instanceId));
    expect(seen.mostOpen).toBe(most);
    await dispatcher.close();
  });

  it('rejects a body over maxResponseBytes, announced or not, with the cause undici gave', async () => {
    const capped = createFetch(createDispatcher({ maxResponseBytes: 1024 }));
    for (const route of ['big', 'big-chunked']) {
      const failure = await capped(`${origin}/${route}`).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(TypeError);
      expect(codeOf(failure)).toBe('UND_ERR_RES_EXCEEDED_MAX_SIZE');
    }
    expect((await capped(`${origin}/echo`)).status).toBe(200);
  });

  it('rejects a body cut short, with or without a length, as a lost connection', async () => {
    for (const route of ['truncated', 'truncated-chunked']) {
      const failure = await fetch(`${origin}/${route}`).catch((error: unknown) => error);
      expect(failure).toMatchObject({ name: 'TypeError', message: 'fetch failed' });
      expect(codeOf(failure)).toBe('UND_ERR_SOCKET');
    }
  });

  it('rejects with the signal reason when aborted', async () => {
    const controller = new AbortController();
    const pending = fetch(`${origin}/hang`, { signal: controller.signal });
    setTimeout(() => controller.abort(new Error('caller gave up')), 10);
    await expect(pending).rejects.toThrow('caller gave up');
  });
});

describe('the client over undici', () => {
  it('a response body over http.maxResponseBytes is ResponseTooLargeError after one attempt', async () => {
    const client = clientOn('big', { http: { maxResponseBytes: 1024 } });
    resetSeen();
    const error = await client.fetchState({ instanceId }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ResponseTooLargeError);
    expect((error as ResponseTooLargeError).status).toBeUndefined();
    expect(seen.requests.get('big')).toBe(1);
  });

  it('a 2xx whose body is cut short is a ConnectionError, never a success: retried as a read, then raised', async () => {
    resetSeen();
    await expect(clientOn('truncated').fetchState({ instanceId })).rejects.toBeInstanceOf(ConnectionError);
    // The first attempt and FAST_RETRY's two retries.
    expect(seen.requests.get('truncated')).toBe(3);
  });

  it.each(Object.keys(BROKEN))(
    'an answer HTTP cannot carry (%s) is a ConnectionError, as a lost connection is, not a bug',
    async (route) => {
      resetSeen();
      const error = await clientOn(route)
        .fetchState({ instanceId })
        .catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(ConnectionError);
      expect(seen.requests.get(route)).toBe(3);
    },
  );

  it('also on a fetch of the caller’s own, whose body is read after the answer arrived', async () => {
    const error = await clientOn('truncated', { fetch: globalThis.fetch })
      .fetchState({ instanceId })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ConnectionError);
    expect(codeOf(error)).toBe('UND_ERR_SOCKET');
  });

  it('a body that trickles past the deadline is a TimeoutError on time, and undici lets the connection go', async () => {
    resetSeen();
    const started = performance.now();
    const error = await clientOn('trickle', { timeoutMs: 100, retry: { limit: 0 } })
      .fetchState({ instanceId })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(TimeoutError);
    expect(performance.now() - started).toBeLessThan(1000);
    // Closed by the client (undici's body timeout), not by the server, which would hold it forever.
    await vi.waitFor(() => expect(seen.open.size).toBe(0), { timeout: 2000 });
    expect(seen.requests.get('trickle')).toBe(1);
  });

  it('nothing listening is a ConnectionError carrying the network cause', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const client = createJourneyClient({ baseUrl: `http://127.0.0.1:${port}/`, auth: staticToken('t'), retry: { limit: 0 } });
    const error = await client.fetchState({ instanceId }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ConnectionError);
    expect(codeOf(error)).toBe('ECONNREFUSED');
  });

  it('a TypeError that is a bug is raised as it is, not retried and not told as a connection failure', async () => {
    let calls = 0;
    const bug = new TypeError("Cannot read properties of undefined (reading 'headers')");
    const broken: typeof globalThis.fetch = async () => {
      calls += 1;
      throw bug;
    };
    await expect(clientOn('state', { fetch: broken }).fetchState({ instanceId })).rejects.toBe(bug);
    expect(calls).toBe(1);
  });

  it('a token that cannot be a header value is refused before sending, without the token in the error', async () => {
    resetSeen();
    const client = clientOn('state', { auth: staticToken('secret\r\ninjected: yes') });
    const error = await client.fetchState({ instanceId }).catch((caught: unknown) => caught);
    // undici's own error, which names the header and not its value.
    expect(codeOf(error)).toBe('UND_ERR_INVALID_ARG');
    expect(error).not.toBeInstanceOf(ConnectionError);
    expect(JSON.stringify(error, Object.getOwnPropertyNames(error))).not.toContain('secret');
    expect(String((error as Error).cause)).not.toContain('secret');
    expect(seen.requests.get('state')).toBeUndefined();
  });

  it('takes one of fetch, dispatcher and http, and refuses http options that cannot work', () => {
    const dispatcher = createDispatcher();
    expect(() => clientOn('state', { dispatcher, http: {} })).toThrow(
      new ClientOptionsError('give one of fetch, dispatcher and http, not dispatcher and http'),
    );
    expect(() => clientOn('state', { fetch: globalThis.fetch, http: {} })).toThrow(ClientOptionsError);
    for (const http of [{ connections: 0 }, { keepAliveTimeoutMs: -1 }, { maxResponseBytes: 1.5 }, { cert: 'x' }, { proxy: 'not a url' }]) {
      expect(() => clientOn('state', { http })).toThrow(ClientOptionsError);
    }
  });
});
