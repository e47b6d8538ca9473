import { createServer, request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { type AddressInfo, connect } from 'node:net';
import pino from 'pino';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { journeyMap, variantIds } from '../../adapter/test/targets.js';
import { ShimConfig } from '../src/config.js';
import { createLogger, startShim } from '../src/server.js';
import { createShimHandler } from '../src/shim-handler.js';

/** What the upstream received of one request. */
interface Received {
  readonly method: string;
  readonly url: string;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
}
/** Requests whose head reached the upstream, and those of them whose body arrived whole. */
const arrived: string[] = [];
const received: Received[] = [];
// An upstream that records what it received (after it answered, so the shim has its answer by then).
const upstream = createServer((request, response) => {
  arrived.push(request.url ?? '');
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    const { method = '', url = '', headers } = request;
    response.on('finish', () => received.push({ method, url, headers, body: Buffer.concat(chunks).toString() }));
    response.writeHead(200, { 'content-type': 'application/json' }).end('{"recorded":true}');
  });
});
await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
const upstreamBase = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}/eu/v2/captain/`;

const config = ShimConfig.parse({ upstream: upstreamBase, port: 0, journeyMap, variantIds, bodyLimitBytes: 65_536, timeoutMs: 5000 });
const shim = await startShim(config, { logger: createLogger('silent') });
afterAll(async () => {
  await shim.close();
  await new Promise((resolve) => upstream.close(resolve));
});
beforeEach(() => {
  arrived.length = 0;
  received.length = 0;
});

interface Call {
  headers?: Record<string, string>;
  body: string;
  /** Send the body in two writes without a length, so node:http frames it chunked. */
  chunked?: boolean;
}
/**
 * One POST from node:http, as legacy stacks send it. With `Expect: 100-continue` the body waits for the
 * shim's `100 Continue`, as curl (bodies over 1 KiB) and .NET Framework (every POST) do.
 */
function call(path: string, { headers = {}, body, chunked = false }: Call): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(shim.url);
  return new Promise((resolve, reject) => {
    const framing = chunked ? {} : { 'content-length': String(Buffer.byteLength(body)) };
    const caller = httpRequest({ host: hostname, port, path, method: 'POST', headers: { ...framing, ...headers } }, (response) => {
      let text = '';
      response.on('data', (chunk: Buffer) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
    });
    caller.on('error', reject);
    const send = () => {
      if (!chunked) return caller.end(body);
      caller.write(body.slice(0, 10));
      caller.end(body.slice(10));
    };
    if (headers.expect) caller.on('continue', send);
    else send();
  });
}

const form = 'grant_type=client_credentials&client_id=demo-client&client_secret=demo-secret';
const v2Start = JSON.stringify({
  resourceId: 'b2e8d4a1data-check-v2@latest',
  context: { config: { delivery: 'api' }, subject: { identity: { firstName: 'x'.repeat(2048) } } },
});
const json = { authorization: 'Bearer caller-token', 'content-type': 'application/json' };
const formType = { 'content-type': 'application/x-www-form-urlencoded' };

describe('what a pass-through sends upstream', () => {
  it('passes a request with Expect: 100-continue on token and v2 paths, whole, without the Expect', async () => {
    const token = await call('/as/token.oauth2', { headers: { ...formType, expect: '100-continue' }, body: form });
    expect(token).toEqual({ status: 200, body: '{"recorded":true}' });
    const started = await call('/v2/captain/journey/start', { headers: { ...json, expect: '100-continue' }, body: v2Start });
    expect(started).toEqual({ status: 200, body: '{"recorded":true}' });
    expect(received.map(({ url, body, headers }) => ({ url, body, expect: headers.expect }))).toEqual([
      { url: '/as/token.oauth2', body: form, expect: undefined },
      { url: '/eu/v2/captain/journey/start', body: v2Start, expect: undefined },
    ]);
  });

  it("forwards the caller's Content-Length, and sends chunked only for a caller that sent chunked", async () => {
    await call('/as/token.oauth2', { headers: formType, body: form });
    await call('/v2/captain/journey/start', { headers: json, body: v2Start });
    await call('/v2/captain/journey/start', { headers: json, body: v2Start, chunked: true });
    const framing = received.map(({ headers, body }) => [headers['content-length'], headers['transfer-encoding'], body]);
    expect(framing).toEqual([
      [String(form.length), undefined, form],
      [String(v2Start.length), undefined, v2Start],
      [undefined, 'chunked', v2Start],
    ]);
  });

  it("passes the token paths' query strings unchanged, as the v2 paths' already were", async () => {
    await call('/as/token.oauth2?realm=emea&redirect=%2Fback', { headers: formType, body: form });
    await call('/auth/realms/go/protocol/openid-connect/token?x=1', { headers: formType, body: form });
    await call('/v2/captain/journey/state/fetch?x=1', { headers: json, body: '{}' });
    expect(received.map(({ url }) => url)).toEqual([
      '/as/token.oauth2?realm=emea&redirect=%2Fback',
      '/auth/realms/go/protocol/openid-connect/token?x=1',
      '/eu/v2/captain/journey/state/fetch?x=1',
    ]);
  });

  it('never gives the upstream a whole request when the caller sends less than it declared and leaves (499)', async () => {
    const { hostname, port } = new URL(shim.url);
    const socket = connect(Number(port), hostname);
    socket.on('error', () => {}); // the reset this test causes
    socket.write(
      `POST /v2/captain/journey/start HTTP/1.1\r\nHost: shim\r\nAuthorization: Bearer t\r\nContent-Type: application/json\r\nContent-Length: ${v2Start.length}\r\n\r\n${v2Start.slice(0, 100)}`,
    );
    await vi.waitFor(() => expect(arrived).toEqual(['/eu/v2/captain/journey/start']), { timeout: 5000 });
    socket.destroy();
    await vi.waitFor(async () => expect(await shim.metrics.registry.metrics()).toMatch(/requests_total\{route="v2",status="499"\} 1/), {
      timeout: 5000,
    });
    expect(received).toEqual([]);
  });
});

describe('a request the HTTP client refuses before sending anything', () => {
  // node:http refuses a control character in a header value itself; a fetch-style caller of the handler can send one.
  const refused = (path: string) =>
    new Request(`http://journey-bridge.test${path}`, { method: 'POST', headers: { ...json, 'x-trace': 'a\u0001b' }, body: v2Start });

  it('is 502 saying nothing was sent, on a v2 start never "the journey may have been created"; on a token path server_error', async () => {
    const handler = createShimHandler({ config, logger: pino({ level: 'silent' }) });
    try {
      const started = await handler.handle(refused('/v2/captain/journey/start'));
      expect(started.status).toBe(502);
      const { errors } = (await started.json()) as { errors: { name: string; problem: string }[] };
      expect(errors[0]?.name).toBe('BAD_GATEWAY');
      expect(errors[0]?.problem).toMatch(/nothing was sent$/);
      expect(errors[0]?.problem).not.toContain('may have been created');
      const token = await handler.handle(refused('/as/token.oauth2'));
      expect(token.status).toBe(502);
      expect(await token.json()).toMatchObject({ error: 'server_error', error_description: expect.stringMatching(/nothing was sent$/) });
      expect(arrived).toEqual([]);
    } finally {
      await handler.close();
    }
  });
});
