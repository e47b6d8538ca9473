import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { acceptsTimeout } from '../src/http/fetch-timeout.js';
import { createKeepAliveFetch } from '../src/http/keep-alive-fetch.js';

// A real server on loopback whose answers the tests choose by path.
/**
 * Connections that carried an `/echo`, by client port. Only those: a request cut by its timeout may reach the
 * server after the test has moved on, when the event loop stalled between sending it and the server reading it.
 */
const echoConnections = new Set<string>();
const requestsPerSocket = new WeakMap<object, number>();
let requestsSeen = 0;
const server = createServer((request: IncomingMessage, response: ServerResponse) => {
  if (request.url === '/echo') echoConnections.add(`${request.socket.remotePort}`);
  requestsSeen += 1;
  const onSocket = (requestsPerSocket.get(request.socket) ?? 0) + 1;
  requestsPerSocket.set(request.socket, onSocket);
  // `/drop-reused`: the second request on a kept-alive connection finds it closed, as after an idle timeout.
  if (request.url === '/drop-reused' && onSocket === 2) {
    request.socket.destroy();
    return;
  }
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    if (request.url === '/cookies') {
      response.setHeader('set-cookie', ['a=1; Expires=Wed, 21 Oct 2025 07:28:00 GMT', 'b=2']);
      response.end();
    } else if (request.url === '/moved') {
      response.writeHead(307, { location: '/echo' }).end();
    } else if (request.url === '/trickle') {
      response.writeHead(200);
      response.write('part');
      // The rest never comes: the caller aborts while the body is still arriving.
    } else if (request.url === '/headers') {
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(request.headers));
    } else if (request.url === '/empty') {
      response.writeHead(204).end();
    } else if (request.url === '/slow') {
      setTimeout(() => response.end('late'), 5000).unref();
    } else {
      response.writeHead(201, { 'content-type': 'application/json', 'x-request-id': 'upstream-1' });
      response.end(JSON.stringify({ method: request.method, auth: request.headers.authorization, body: Buffer.concat(chunks).toString() }));
    }
  });
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

describe('createKeepAliveFetch', () => {
  const fetch = createKeepAliveFetch();

  it('sends method, headers and body, and answers status, headers and body', async () => {
    const response = await fetch(`${origin}/echo`, { method: 'POST', headers: { authorization: 'Bearer t' }, body: '{"a":1}' });
    expect(response.status).toBe(201);
    expect(response.headers.get('x-request-id')).toBe('upstream-1');
    expect(await response.json()).toEqual({ method: 'POST', auth: 'Bearer t', body: '{"a":1}' });
  });

  it('reuses one keep-alive connection for requests in sequence', async () => {
    echoConnections.clear();
    for (let i = 0; i < 5; i += 1) await (await fetch(`${origin}/echo`, { method: 'POST', body: '{}' })).text();
    expect(echoConnections.size).toBe(1);
  });

  it('never resends by itself when a reused connection turns out closed: the caller decides what to replay', async () => {
    const own = createKeepAliveFetch({ maxSockets: 1 });
    expect((await own(`${origin}/drop-reused`, { method: 'POST', body: '1' })).status).toBe(201);
    requestsSeen = 0;
    await expect(own(`${origin}/drop-reused`, { method: 'POST', body: '2' })).rejects.toThrow(new TypeError('fetch failed'));
    expect(requestsSeen).toBe(1);
    // The pool let the closed connection go: the next request opens a fresh one.
    expect((await own(`${origin}/echo`, { method: 'POST', body: '3' })).status).toBe(201);
  });

  it('sends a Request, its headers and its body like fetch does', async () => {
    const request = new Request(`${origin}/echo`, { method: 'POST', headers: { authorization: 'Bearer r' }, body: 'from a Request' });
    expect(await (await fetch(request)).json()).toEqual({ method: 'POST', auth: 'Bearer r', body: 'from a Request' });
    const form = await fetch(`${origin}/echo`, { method: 'POST', body: new URLSearchParams({ a: 'b c' }) });
    expect((await form.json()).body).toBe('a=b+c');
  });

  it('sends the headers of a plain record as fetch does: lower-case names, trimmed values, repeats joined', async () => {
    const headers = { 'X-Trace': ' \tone ', 'x-trace': 'two', Accept: 'application/json', 'x-empty': '' };
    const sent = async (using: typeof globalThis.fetch) => {
      const echoed = (await (await using(`${origin}/headers`, { method: 'POST', headers, body: '{}' })).json()) as Record<string, string>;
      return { trace: echoed['x-trace'], accept: echoed.accept, empty: echoed['x-empty'] };
    };
    expect(await sent(fetch)).toEqual({ trace: 'one, two', accept: 'application/json', empty: '' });
    expect(await sent(fetch)).toEqual(await sent(globalThis.fetch));
  });

  it('sends headers from any iterable of pairs, as fetch does', async () => {
    const sent = await fetch(`${origin}/echo`, { method: 'POST', headers: new Map([['Authorization', 'Bearer m']]) as never, body: '{}' });
    expect((await sent.json()).auth).toBe('Bearer m');
  });

  it('refuses an invalid header value (without quoting it), header name or method with a TypeError', async () => {
    const failure = await fetch(`${origin}/echo`, { headers: { authorization: 'Bearer secret\u0000token' } }).catch(
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(TypeError);
    expect(String((failure as Error).message)).not.toContain('secret');
    const badName = await fetch(`${origin}/echo`, { headers: { 'bad name': 'x' } }).catch((error: unknown) => error);
    expect(badName).toBeInstanceOf(TypeError);
    // The Kelvin sign (U+212A) lower-cases to an ASCII "k": "\u212Aey" must not go out as the valid name "key".
    const kelvin = await fetch(`${origin}/echo`, { headers: { '\u212Aey': 'x' } }).catch((error: unknown) => error);
    expect(kelvin).toBeInstanceOf(TypeError);
    await expect(globalThis.fetch(`${origin}/echo`, { headers: { '\u212Aey': 'x' } })).rejects.toThrow(TypeError);
    // Likewise a method with a long s (U+017F), which upper-cases to an ASCII "S".
    const before = requestsSeen;
    await expect(fetch(`${origin}/echo`, { method: 'po\u017Ft', body: '{}' })).rejects.toThrow(TypeError);
    expect(requestsSeen).toBe(before);
  });

  it('keeps repeated response headers apart, as fetch does', async () => {
    const response = await fetch(`${origin}/cookies`);
    expect(response.headers.getSetCookie()).toEqual(['a=1; Expires=Wed, 21 Oct 2025 07:28:00 GMT', 'b=2']);
  });

  it('sends multibyte strings and views into larger buffers with their byte length', async () => {
    const text = await fetch(`${origin}/echo`, { method: 'POST', body: '{"name":"Zoë Ðorđević 東京"}' });
    expect((await text.json()).body).toBe('{"name":"Zoë Ðorđević 東京"}');
    const whole = new TextEncoder().encode('xx{"a":1}yy');
    const bytes = await fetch(`${origin}/echo`, { method: 'POST', body: whole.subarray(2, 9) });
    expect((await bytes.json()).body).toBe('{"a":1}');
  });

  it('answers a redirect as it is, and refuses a GET with a body like fetch', async () => {
    const moved = await fetch(`${origin}/moved`, { method: 'POST', body: '{}' });
    expect(moved.status).toBe(307);
    expect(moved.headers.get('location')).toBe('/echo');
    await expect(fetch(`${origin}/echo`, { method: 'GET', body: 'x' })).rejects.toThrow(TypeError);
  });

  it('rejects with the signal reason when aborted while the body is arriving', async () => {
    const controller = new AbortController();
    const pending = fetch(`${origin}/trickle`, { signal: controller.signal });
    await new Promise((resolve) => setImmediate(resolve));
    controller.abort(new Error('caller gave up'));
    await expect(pending).rejects.toThrow('caller gave up');
  });

  it('retires idle connections after its idle timeout', async () => {
    const own = createKeepAliveFetch({ idleTimeoutMs: 20 });
    let closed = 0;
    server.once('connection', (socket) => socket.on('close', () => (closed += 1)));
    await (await own(`${origin}/echo`, { method: 'POST', body: '1' })).text();
    // The server would keep it for 5 s (Node's default): closed this soon, it was the pool that let it go.
    await vi.waitFor(() => expect(closed).toBe(1), { interval: 5, timeout: 2000 });
    expect((await own(`${origin}/echo`, { method: 'POST', body: '2' })).status).toBe(201);
  });

  it('answers a null body for 204', async () => {
    const response = await fetch(`${origin}/empty`);
    expect(response.status).toBe(204);
    expect(response.body).toBeNull();
  });

  it('rejects with the signal reason when aborted, and with TypeError when nothing listens', async () => {
    const aborted = fetch(`${origin}/slow`, { signal: AbortSignal.timeout(50) });
    await expect(aborted).rejects.toMatchObject({ name: 'TimeoutError' });
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    await expect(fetch(`http://127.0.0.1:${port}/`)).rejects.toThrow(new TypeError('fetch failed'));
  });

  it('cuts an exchange at its timeout, whether the headers or the body are late, with a TimeoutError', async () => {
    expect(acceptsTimeout(fetch)).toBe(true);
    expect(acceptsTimeout(globalThis.fetch)).toBe(false);
    for (const path of ['/slow', '/trickle']) {
      const started = performance.now();
      await expect(fetch(`${origin}${path}`, { timeout: 50 })).rejects.toMatchObject({
        name: 'TimeoutError',
        message: 'no response within 50 ms',
      });
      expect(performance.now() - started).toBeGreaterThanOrEqual(45);
    }
    // A timeout that did not fire leaves the connection to the pool.
    echoConnections.clear();
    for (const body of ['1', '2']) expect((await fetch(`${origin}/echo`, { method: 'POST', body, timeout: 1000 })).status).toBe(201);
    expect(echoConnections.size).toBe(1);
  });

  it('rejects with the signal reason when a signal aborts before the timeout', async () => {
    const controller = new AbortController();
    const pending = fetch(`${origin}/slow`, { signal: controller.signal, timeout: 5000 });
    setTimeout(() => controller.abort(new Error('caller gave up')), 20);
    await expect(pending).rejects.toThrow('caller gave up');
  });

  it.each([0, -1, 1.5, Number.NaN, 2 ** 31])('refuses timeout %s without sending', async (timeout) => {
    const before = requestsSeen;
    await expect(fetch(`${origin}/echo`, { timeout })).rejects.toThrow(/timeout must be a whole number of ms from 1/);
    expect(requestsSeen).toBe(before);
  });

  it('refuses protocols other than http and https', async () => {
    await expect(fetch('file:///etc/passwd')).rejects.toThrow('unsupported protocol file:');
  });
});

describe('its responses, which hold their body in memory', () => {
  const fetch = createKeepAliveFetch();
  const echo = () => fetch(`${origin}/echo`, { method: 'POST', body: 'é' });
  const expected = { method: 'POST', body: 'é' };

  it('answer text, json, arrayBuffer and bytes, and can be read once whichever way', async () => {
    const text = await echo();
    expect(JSON.parse(await text.text())).toEqual(expected);
    expect(text.bodyUsed).toBe(true);
    await expect(text.json()).rejects.toThrow(TypeError);
    expect(await (await echo()).json()).toEqual(expected);
    const buffer = await (await echo()).arrayBuffer();
    expect(JSON.parse(new TextDecoder().decode(buffer))).toEqual(expected);
    const bytes = await (await echo()).bytes();
    expect(bytes).toBeInstanceOf(Uint8Array);
    expect(JSON.parse(new TextDecoder().decode(bytes))).toEqual(expected);
  });

  it('are Responses, with a standard stream for whoever reads the body that way', async () => {
    const response = await echo();
    expect(response).toBeInstanceOf(Response);
    const reader = response.body?.getReader();
    let streamed = '';
    const decoder = new TextDecoder();
    for (let part = await reader?.read(); part && !part.done; part = await reader?.read())
      streamed += decoder.decode(part.value, { stream: true });
    expect(JSON.parse(streamed)).toEqual(expected);
    expect(response.bodyUsed).toBe(true);
    await expect(response.text()).rejects.toThrow(TypeError);
    expect(JSON.parse(await (await (await echo()).blob()).text())).toEqual(expected);
  });

  it('clone before a read, not after, as fetch responses do', async () => {
    const response = await echo();
    const copy = response.clone();
    expect(await copy.json()).toEqual(expected);
    expect(await response.json()).toEqual(expected);
    expect(() => response.clone()).toThrow(TypeError);
    const streamed = await echo();
    await streamed.body?.cancel();
    expect(() => streamed.clone()).toThrow(TypeError);
  });

  it('reject json() with a SyntaxError on a body that is not JSON', async () => {
    const redirect = await fetch(`${origin}/moved`);
    expect(redirect.status).toBe(307);
    await expect(redirect.json()).rejects.toThrow(SyntaxError);
  });
});
