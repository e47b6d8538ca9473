import type { Socket } from 'node:net';
import { createSimulator } from '@journey-bridge/simulator';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { journeyMap, journeys, variantIds } from '../../adapter/test/targets.js';
import {
  expectAnswer,
  expectExchange,
  type HostileCase,
  nodeRefusal,
  oauthAnswer,
  type RunCase,
  v1Answer,
  v2Answer,
} from '../../simulator/test/hostile-cases.js';
import { exchange, request, type Send, sendingPastTheAnswer, writeBulk } from '../../simulator/test/raw-http.js';
import { ShimConfig, type ShimConfigInput } from '../src/config.js';
import { createLogger, type RunningShim, startShim } from '../src/server.js';

// Everything either server logs during the suite, scanned at the end for the secrets the requests carried.
const logged: string[] = [];
const consoleError = vi.spyOn(console, 'error');
// The shim's own logger (its redaction included), writing to memory.
const logger = createLogger('info', { write: (line: string) => void logged.push(line) });

/** The route and status of each request line logged since `from`. */
const requestsLogged = (from: number) =>
  logged
    .slice(from)
    .map((line) => JSON.parse(line))
    .filter((entry) => entry.msg === 'request')
    .map(({ route, status }) => ({ route, status }));

const LIMIT = 64 * 1024;
// Room upstream for the 100,000-level bodies (600 KB) that the shim with its default limits passes on.
const sim = createSimulator({ journeys, clock: { manual: true }, bodyLimitBytes: 1024 * 1024 });
const upstream = await sim.listen();
const token = sim.issueToken();

async function shimWith(overrides: Partial<ShimConfigInput>): Promise<RunningShim> {
  const config = ShimConfig.parse({ upstream: `${upstream.url}/eu/v2/captain/`, port: 0, journeyMap, variantIds, ...overrides });
  return startShim(config, { logger });
}
/** Small limits, so that every case but one costs little. */
const shim = await shimWith({ bodyLimitBytes: LIMIT, responseLimitBytes: 256 * 1024, timeoutMs: 1000, shutdownTimeoutMs: 100 });
/** The default limits (10 MiB bodies), for the 100,000-level bodies. */
const defaults = await shimWith({ shutdownTimeoutMs: 100 });
/** The default limits in front of an upstream that takes 100 MB, so that only the shim's own limit cuts a flood. */
const bigSim = createSimulator({ journeys, clock: { manual: true }, bodyLimitBytes: 200 * 1024 * 1024 });
const bigUpstream = await bigSim.listen();
const bigToken = bigSim.issueToken();
const bigConfig = ShimConfig.parse({
  upstream: `${bigUpstream.url}/eu/v2/captain/`,
  port: 0,
  journeyMap,
  variantIds,
  shutdownTimeoutMs: 100,
});
const big = await startShim(bigConfig, { logger });
const port = Number(new URL(shim.url).port);
const defaultsPort = Number(new URL(defaults.url).port);
const bigPort = Number(new URL(big.url).port);
afterAll(async () => {
  await Promise.all([shim.close(), defaults.close(), big.close()]);
  await Promise.all([upstream.close(), bigUpstream.close()]);
});

// Values the requests carry that no log line may hold.
const SSN = '078-05-1120';
const IMAGE = Buffer.from('hostile-suite-front-of-passport').toString('base64');
const SECRET = 'demo-secret';
const subject = {
  identity: { firstName: 'Ada', lastNames: ['Lovelace'], dateOfBirth: '1990-12-10', idNumbers: [{ idNumber: SSN, type: 'ssn' }] },
  documents: [{ type: 'Primary', side1Image: IMAGE, side2Image: '' }],
};

const HEALTHZ = request('GET /healthz HTTP/1.1');
const json = (value: unknown) => JSON.stringify(value);
const bearer = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
const v1 = (operation: string, body: string | Buffer, headers: Record<string, string | number | null> = {}) =>
  request(`POST /captain/api/journey/${operation} HTTP/1.1`, { ...bearer, ...headers }, body);
const v2 = (path: string, body: string | Buffer, headers: Record<string, string | number | null> = {}) =>
  request(`POST /v2/captain/${path} HTTP/1.1`, { ...bearer, ...headers }, body);
const tokenRequest = (body: string | Buffer, headers: Record<string, string | number | null> = {}) =>
  request('POST /as/token.oauth2 HTTP/1.1', { 'content-type': 'application/x-www-form-urlencoded', ...headers }, body);
const deep = (levels: number, open = '{"a":', close = '}') => `${open.repeat(levels)}1${close.repeat(levels)}`;
const v1Start = (subjectJson: string) =>
  `{"resourceId":"a1d7c3f0data-check-v1@latest","context":{"config":{"async":true},"subject":${subjectJson}}}`;
const v2Start = (subjectJson: string) =>
  `{"resourceId":"b2e8d4a1data-check-v2@latest","context":{"config":{"delivery":"api"},"subject":${subjectJson}}}`;
/** A chunked request: each of `chunks` as one chunk, then the last chunk. */
const chunked = (head: string, headers: Record<string, string>, ...chunks: string[]) =>
  request(
    `${head} HTTP/1.1`,
    { ...headers, 'transfer-encoding': 'chunked' },
    `${chunks.map((chunk) => `${Buffer.byteLength(chunk).toString(16)}\r\n${chunk}\r\n`).join('')}0\r\n\r\n`,
  );
const over = 'x'.repeat(LIMIT + 1);
/** Writes `bytes` a few at a time, `everyMs` apart: a slow but honest sender. */
const trickle =
  (bytes: Buffer, size: number, everyMs: number) =>
  async (socket: Socket): Promise<void> => {
    for (let offset = 0; offset < bytes.length && !socket.destroyed; offset += size) {
      socket.write(bytes.subarray(offset, offset + size));
      await new Promise((resume) => setTimeout(resume, everyMs));
    }
  };
/** Writes `bytes`, then drops the connection once `after` ms have passed (or once the first bytes came back). */
const leaveAfter =
  (bytes: Buffer | string, after: number | 'first-byte'): Send =>
  (socket: Socket) => {
    socket.write(bytes);
    if (after === 'first-byte') socket.once('data', () => socket.destroy());
    else setTimeout(() => socket.destroy(), after);
  };

const CASES: HostileCase[] = [
  // The request line.
  { name: 'garbage instead of a request line', send: 'GARBAGE\r\n\r\n', answers: [nodeRefusal(400)] },
  {
    name: 'a request line without an HTTP version is read as HTTP/0.9-style',
    send: 'GET /healthz\r\n\r\n',
    answers: [{ status: 200, shape: 'health', closes: true }],
  },
  {
    name: 'HTTP/2.0 in an HTTP/1 request line is answered as HTTP/1.1',
    send: request('GET /healthz HTTP/2.0'),
    answers: [{ status: 200, shape: 'health' }],
  },
  {
    name: 'HTTP/1.0 without a Host header',
    send: 'GET /healthz HTTP/1.0\r\n\r\n',
    answers: [{ status: 200, shape: 'health', closes: true }],
  },
  { name: 'a lowercase method', send: request('get /healthz HTTP/1.1'), answers: [nodeRefusal(400)] },
  { name: 'an unknown method', send: request('BREW /healthz HTTP/1.1'), answers: [nodeRefusal(400)] },
  { name: 'a NUL byte in the method', send: request('GE\0T /healthz HTTP/1.1'), answers: [nodeRefusal(400)] },
  { name: 'a WebDAV method on /healthz', send: request('PROPFIND /healthz HTTP/1.1'), answers: [v1Answer(404)], journaled: 0 },
  {
    name: 'DELETE on a v1 path',
    send: v1('start', '{}').toString().replace('POST', 'DELETE'),
    answers: [v1Answer(405, /use POST/)],
    journaled: 0,
  },
  {
    name: 'HEAD on a v1 path',
    send: request('HEAD /captain/api/journey/start HTTP/1.1'),
    answers: [{ status: 405, shape: 'none' }],
    options: { head: true },
  },
  { name: 'an asterisk-form target', send: request('OPTIONS * HTTP/1.1'), answers: [{ status: 400, shape: 'none' }], journaled: 0 },
  { name: 'a target without its leading slash', send: request('GET healthz HTTP/1.1'), answers: [nodeRefusal(400)] },
  {
    name: 'CONNECT to another host',
    send: request('CONNECT evil.example:443 HTTP/1.1', { host: 'evil.example:443' }),
    answers: [],
    journaled: 0,
  },
  { name: 'a request target of 20 KB', send: request(`GET /${'a'.repeat(20_000)} HTTP/1.1`), answers: [nodeRefusal(431)] },
  {
    name: 'raw UTF-8 bytes in the target',
    send: Buffer.from('GET /h\u00e9alth HTTP/1.1\r\nhost: x\r\n\r\n', 'utf8'),
    answers: [nodeRefusal(400)],
  },
  { name: 'a space inside the target', send: request('GET /heal thz HTTP/1.1'), answers: [nodeRefusal(400)] },
  { name: 'a NUL byte in the target', send: request('GET /healthz\0 HTTP/1.1'), answers: [nodeRefusal(400)] },
  {
    name: 'a percent-encoded NUL in a v1 path',
    send: v1('start%00', v1Start('{}')),
    answers: [v1Answer(404, /no v1 endpoint/)],
    journaled: 0,
  },
  {
    name: 'an absolute-form target with user information',
    send: request(`POST http://user:pass@127.0.0.1:${port}/v2/captain/journey/start HTTP/1.1`, bearer, v2Start('{}')),
    answers: [v1Answer(400, /without user information/)],
    journaled: 0,
  },
  {
    name: 'an absolute-form target with user information on a token path',
    send: request(`POST http://user:${SECRET}@127.0.0.1:${port}/as/token.oauth2 HTTP/1.1`, {}, 'grant_type=client_credentials'),
    answers: [v1Answer(400, /without user information/)],
    journaled: 0,
  },
  // Targets and Hosts node:http takes but no URL can hold: answered by the shim, not by @hono/node-server's bare 400.
  {
    name: 'a backslash in a v1 path',
    send: request('POST /captain/api\\journey\\start HTTP/1.1', bearer, v1Start('{}')),
    answers: [v1Answer(400, /without user information/)],
    journaled: 0,
  },
  {
    name: 'a Host with user information',
    send: request(`POST /captain/api/journey/start HTTP/1.1`, { ...bearer, host: `user:${SECRET}@127.0.0.1` }, v1Start('{}')),
    answers: [v1Answer(400, /without user information/)],
    journaled: 0,
  },
  { name: 'a Host that is no host ([::1)', send: request('GET /healthz HTTP/1.1', { host: '[::1' }), answers: [v1Answer(400)] },
  { name: 'an asterisk-form OPTIONS, a proxy’s ping', send: request('OPTIONS * HTTP/1.1'), answers: [v1Answer(400)] },
  {
    name: 'a target no URL can hold is logged and counted as malformed, as any answer is',
    run: async () => {
      const before = logged.length;
      const result = await exchange(port, request('POST /captain/api\\journey\\start HTTP/1.1', bearer, v1Start('{}')));
      expect(result.responses[0]?.status).toBe(400);
      await vi.waitFor(() => expect(requestsLogged(before)).toEqual([{ route: 'malformed', status: 400 }]), { timeout: 2000 });
      expect(await shim.metrics.registry.metrics()).toMatch(/journey_bridge_requests_total\{route="malformed",status="400"\} [1-9]/);
    },
  },
  {
    name: 'an absolute-form target naming another host: passed to the configured upstream only',
    send: request('POST http://evil.example/v2/captain/journey/start HTTP/1.1', { ...bearer, host: 'evil.example' }, '{}'),
    answers: [v2Answer(400, /context is required/)],
    journaled: 1,
  },
  {
    name: 'an absolute-form target with a non-HTTP scheme',
    send: request('GET ftp://evil.example/healthz HTTP/1.1'),
    answers: [{ status: 400, shape: 'none' }],
  },
  { name: 'a network-path target (//evil.host/)', send: request('GET //evil.example/ HTTP/1.1'), answers: [v1Answer(404)], journaled: 0 },
  {
    name: 'another host after /v2/captain/',
    send: v2('/evil.example/journey/start', v2Start('{}')),
    answers: [v2Answer(404)],
    journaled: 0,
  },
  {
    name: 'an encoded ../ out of /v2/captain/',
    send: v2('..%2f..%2fas/token.oauth2', 'grant_type=client_credentials'),
    answers: [v2Answer(404)],
    journaled: 0,
  },
  {
    name: 'encoded dot segments to the control plane (resolved before routing)',
    send: v2('%2e%2e/%2e%2e/__sim/reset', '{}'),
    answers: [v1Answer(404)],
    journaled: 0,
  },
  {
    name: 'plain dot segments to the control plane (resolved before routing)',
    send: v2('../../__sim/reset', '{}'),
    answers: [v1Answer(404)],
    journaled: 0,
  },
  {
    name: 'a backslash in a v2 path',
    send: v2('\\evil.example/journey/start', '{}'),
    answers: [{ status: 400, shape: 'none' }],
    journaled: 0,
  },
  { name: 'an encoded backslash in a v2 path', send: v2('%5cevil.example/journey/start', '{}'), answers: [v2Answer(404)], journaled: 0 },

  // The Host header.
  {
    name: 'user information in the Host header',
    send: request('GET /healthz HTTP/1.1', { host: `u:${SECRET}@evil.example` }),
    answers: [{ status: 400, shape: 'none' }],
  },
  {
    name: 'a port out of range in the Host header',
    send: request('GET /healthz HTTP/1.1', { host: 'evil.example:99999' }),
    answers: [{ status: 400, shape: 'none' }],
  },
  { name: 'no Host header in HTTP/1.1', send: request('GET /healthz HTTP/1.1', { host: null }), answers: [nodeRefusal(400)] },
  {
    name: 'a Host header naming another host on a v2 path: passed to the configured upstream only',
    send: v2('journey/start', '{}', { host: 'evil.example' }),
    answers: [v2Answer(400)],
    journaled: 1,
  },

  // Header fields.
  { name: 'one header of 20 KB', send: request('GET /healthz HTTP/1.1', { 'x-padding': 'a'.repeat(20_000) }), answers: [nodeRefusal(431)] },
  {
    name: '3000 small headers',
    send: request('GET /healthz HTTP/1.1', Object.fromEntries(Array.from({ length: 3000 }, (_, index) => [`x-h${index}`, '1']))),
    answers: [nodeRefusal(431)],
  },
  { name: 'a header line without a colon', send: 'GET /healthz HTTP/1.1\r\nhost: x\r\nno-colon\r\n\r\n', answers: [nodeRefusal(400)] },
  { name: 'whitespace before the colon', send: 'GET /healthz HTTP/1.1\r\nhost : x\r\n\r\n', answers: [nodeRefusal(400)] },
  { name: 'obsolete line folding', send: 'GET /healthz HTTP/1.1\r\nhost: x\r\nx-a: 1\r\n  folded\r\n\r\n', answers: [nodeRefusal(400)] },
  { name: 'a NUL byte in a header value', send: 'GET /healthz HTTP/1.1\r\nhost: x\r\nx-a: 1\0 2\r\n\r\n', answers: [nodeRefusal(400)] },
  { name: 'a bare CR in a header value', send: 'GET /healthz HTTP/1.1\r\nhost: x\r\nx-a: 1\r2\r\n\r\n', answers: [nodeRefusal(400)] },
  { name: 'bare LF line endings', send: 'GET /healthz HTTP/1.1\nhost: x\n\n', answers: [nodeRefusal(400)] },
  { name: 'a header name with separators', send: 'GET /healthz HTTP/1.1\r\nhost: x\r\nx(a): 1\r\n\r\n', answers: [nodeRefusal(400)] },
  {
    name: 'Latin-1 bytes in a header value',
    send: Buffer.from('GET /healthz HTTP/1.1\r\nhost: x\r\nuser-agent: caf\xe9\r\n\r\n', 'latin1'),
    answers: [{ status: 200, shape: 'health' }],
  },
  {
    name: 'an X-Request-ID of 5000 characters is replaced, not echoed',
    send: v2('journey/state/fetch', '{}', { 'x-request-id': 'r'.repeat(5000) }),
    answers: [v2Answer(400)],
    check: ({ responses: [response] }) => expect(response?.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/),
  },
  {
    name: 'an X-Request-ID with Latin-1 bytes is replaced, not echoed',
    send: v2('journey/state/fetch', '{}', { 'x-request-id': 'abc\xe9' }),
    answers: [v2Answer(400)],
    check: ({ responses: [response] }) => expect(response?.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/),
  },
  {
    name: 'Expect: 100-continue with a v1 body over the limit',
    send: v1('start', '', { expect: '100-continue', 'content-length': LIMIT + 1 }),
    answers: [v1Answer(413)],
  },
  {
    name: 'an Expect value the server does not know',
    send: request('GET /healthz HTTP/1.1', { expect: 'teapot' }),
    answers: [{ status: 417, shape: 'none' }],
  },
  {
    name: 'an Upgrade to websocket is not taken',
    send: request('GET /healthz HTTP/1.1', { connection: 'Upgrade', upgrade: 'websocket' }),
    answers: [{ status: 200, shape: 'health' }],
  },
  {
    name: 'an Upgrade to h2c on a v2 path is not taken',
    send: v2('journey/state/fetch', '{}', { connection: 'Upgrade, HTTP2-Settings', upgrade: 'h2c', 'http2-settings': 'AAMAAABkAAQAAP__' }),
    answers: [v2Answer(400)],
  },

  // Message framing.
  {
    name: 'two different Content-Lengths',
    send: v1('start', '{}', { 'content-length': 2 }).toString().replace('\r\n\r\n', '\r\ncontent-length: 3\r\n\r\n'),
    answers: [nodeRefusal(400)],
  },
  {
    name: 'two equal Content-Lengths',
    send: v1('start', '{}', { 'content-length': 2 }).toString().replace('\r\n\r\n', '\r\ncontent-length: 2\r\n\r\n'),
    answers: [nodeRefusal(400)],
  },
  { name: 'a negative Content-Length', send: v1('start', '{}', { 'content-length': -2 }), answers: [nodeRefusal(400)] },
  { name: 'a Content-Length that is not a number', send: v1('start', '{}', { 'content-length': '2x' }), answers: [nodeRefusal(400)] },
  {
    name: 'a Content-Length past 2^64',
    send: v2('journey/start', '{}', { 'content-length': '18446744073709551617' }),
    answers: [nodeRefusal(400)],
  },
  {
    name: 'Content-Length together with Transfer-Encoding: chunked',
    send: v2('journey/start', '0\r\n\r\n', { 'content-length': 5, 'transfer-encoding': 'chunked' }),
    answers: [nodeRefusal(400)],
    journaled: 0,
  },
  {
    name: 'Transfer-Encoding: chunked, identity',
    send: v2('journey/start', '0\r\n\r\n', { 'transfer-encoding': 'chunked, identity' }),
    answers: [nodeRefusal(400)],
  },
  {
    name: 'Transfer-Encoding: identity',
    send: v2('journey/start', '{}', { 'transfer-encoding': 'identity' }),
    answers: [nodeRefusal(400)],
  },
  {
    name: 'Transfer-Encoding: xchunked',
    send: v2('journey/start', '0\r\n\r\n', { 'transfer-encoding': 'xchunked' }),
    answers: [nodeRefusal(400)],
  },
  {
    name: 'two Transfer-Encoding headers',
    send: v2('journey/start', '0\r\n\r\n', { 'transfer-encoding': 'chunked' })
      .toString()
      .replace('\r\n\r\n', '\r\ntransfer-encoding: chunked\r\n\r\n'),
    answers: [nodeRefusal(400)],
  },
  {
    name: 'a chunk size that is not hexadecimal',
    send: v2('journey/start', 'zz\r\n{}\r\n0\r\n\r\n', { 'transfer-encoding': 'chunked' }),
    answers: [nodeRefusal(400)],
  },
  {
    name: 'a chunk size past 64 bits',
    send: v2('journey/start', 'fffffffffffffffffff\r\n{}\r\n0\r\n\r\n', { 'transfer-encoding': 'chunked' }),
    answers: [nodeRefusal(400)],
  },
  {
    name: 'a chunk extension of 20 KB',
    send: v2('journey/start', `2;${'e'.repeat(20_000)}\r\n{}\r\n0\r\n\r\n`, { 'transfer-encoding': 'chunked' }),
    answers: [nodeRefusal(413)],
  },
  {
    name: 'chunk data longer than its size',
    send: v2('journey/start', '1\r\n{}\r\n0\r\n\r\n', { 'transfer-encoding': 'chunked' }),
    answers: [nodeRefusal(400)],
  },
  {
    name: 'a chunked v1 body with a trailer',
    send: chunked('POST /captain/api/journey/state/fetch', { ...bearer, trailer: 'x-t' }, json({ instanceId: 'f'.repeat(32) }))
      .toString()
      .replace(/0\r\n\r\n$/, '0\r\nx-t: 1\r\n\r\n'),
    answers: [v1Answer(404)],
  },
  {
    // node:http refuses the rest as a malformed second request and closes at once, before the first is answered.
    name: 'a Content-Length shorter than the body: the rest is refused as a second request',
    send: Buffer.concat([v1('state/fetch', json({ instanceId: 'f'.repeat(32) }), { 'content-length': 10 }), Buffer.from('\r\n\r\n')]),
    answers: [nodeRefusal(400)],
  },
  {
    name: 'a Content-Length longer than the body, then silence: no answer until the caller gives up',
    send: v1('start', '{"a":', { 'content-length': 100 }),
    answers: [],
    options: { timeoutMs: 300 },
    check: ({ timedOut, responses }) => {
      expect(timedOut).toBe(true);
      expect(responses).toEqual([]);
    },
  },

  // Size limits, on every path, in the shape of each path's API.
  {
    name: 'a v1 Content-Length over the limit',
    send: v1('start', '', { 'content-length': LIMIT + 1 }),
    answers: [v1Answer(413)],
    journaled: 0,
  },
  {
    name: 'a v1 body over the limit still being sent when its 413 arrives, then a request on the same connection',
    send: sendingPastTheAnswer(v1('start', '', { 'content-length': 4 * LIMIT }), 4 * LIMIT, HEALTHZ),
    answers: [v1Answer(413), { status: 200, shape: 'health' }],
  },
  {
    name: 'a v2 body over the limit still being sent when its 413 arrives, then a request on the same connection',
    send: sendingPastTheAnswer(v2('journey/start', '', { 'content-length': 4 * LIMIT }), 4 * LIMIT, HEALTHZ),
    answers: [v2Answer(413), { status: 200, shape: 'health' }],
  },
  {
    name: 'a chunked v1 body over the limit',
    send: chunked('POST /captain/api/journey/start', bearer, over),
    answers: [v1Answer(413)],
    journaled: 0,
  },
  {
    name: 'a v2 Content-Length over the limit',
    send: v2('journey/start', '', { 'content-length': LIMIT + 1 }),
    answers: [v2Answer(413)],
    journaled: 0,
  },
  {
    name: 'a chunked v2 body over the limit',
    send: chunked('POST /v2/captain/journey/start', bearer, over),
    answers: [v2Answer(413)],
  },
  {
    name: 'a token Content-Length over the limit',
    send: tokenRequest('', { 'content-length': LIMIT + 1 }),
    answers: [oauthAnswer(413, /exceeds/)],
    journaled: 0,
  },
  {
    name: 'a chunked token body over the limit',
    send: chunked('POST /as/token.oauth2', { 'content-type': 'application/x-www-form-urlencoded' }, `client_secret=${over}`),
    answers: [oauthAnswer(413)],
  },

  // v1 bodies.
  { name: 'v1: invalid JSON', send: v1('start', '{"resourceId":'), answers: [v1Answer(400, /not valid JSON/)], journaled: 0 },
  { name: 'v1: a JSON array', send: v1('start', '[]'), answers: [v1Answer(400, /JSON object/)], journaled: 0 },
  { name: 'v1: a JSON string', send: v1('start', '"start"'), answers: [v1Answer(400, /JSON object/)], journaled: 0 },
  { name: 'v1: JSON null', send: v1('start', 'null'), answers: [v1Answer(400, /JSON object/)], journaled: 0 },
  { name: 'v1: an empty body', send: v1('start', '', { 'content-length': 0 }), answers: [v1Answer(400, /not valid JSON/)], journaled: 0 },
  {
    // RFC 8259 lets a parser ignore it, and .NET's StreamWriter with Encoding.UTF8 writes one.
    name: 'v1: a byte-order mark before the JSON is read past',
    send: v1('start', `\ufeff${v1Start('{}')}`),
    answers: [{ status: 201, shape: 'json' }],
  },
  {
    name: 'v1: a raw NUL byte inside the JSON',
    send: v1('start', `{"resourceId":"a\0b"}`),
    answers: [v1Answer(400, /not valid JSON/)],
    journaled: 0,
  },
  {
    name: 'v1: invalid UTF-8 in a JSON string is refused, never read as U+FFFD',
    send: v1('state/fetch', Buffer.concat([Buffer.from('{"instanceId":"'), Buffer.from([0xff, 0xfe, 0xc3, 0x28]), Buffer.from('"}')])),
    answers: [v1Answer(400, /not valid UTF-8/)],
    journaled: 0,
  },
  {
    name: 'v1: an escaped NUL in an id',
    send: v1('state/fetch', json({ instanceId: `${'f'.repeat(31)}\u0000` })),
    answers: [v1Answer(404)],
    journaled: 1,
  },
  {
    name: 'v1: a lone surrogate in an id',
    send: v1('state/fetch', `{"instanceId":"${'f'.repeat(31)}\\ud800"}`),
    answers: [v1Answer(404)],
    journaled: 1,
  },
  {
    name: 'v1: context.subject nested 100,000 levels deep',
    send: v1('start', v1Start(deep(100_000))),
    answers: [v1Answer(400, /nests deeper than 64/)],
    options: { port: defaultsPort },
    journaled: 0,
  },
  {
    name: 'v1: arrays nested 100,000 levels deep in context.subject',
    send: v1('start', v1Start(`{"a":${deep(100_000, '[', ']')}}`)),
    answers: [v1Answer(400, /nests deeper than 64/)],
    options: { port: defaultsPort },
    journaled: 0,
  },
  { name: 'v1: a number too large for a double', send: v1('state/fetch', '{"instanceId":1e400}'), answers: [v1Answer(400)], journaled: 0 },
  { name: 'v1: no Content-Type', send: v1('start', v1Start('{}'), { 'content-type': null }), answers: [v1Answer(415)], journaled: 0 },
  {
    name: 'v1: Content-Type text/plain',
    send: v1('start', v1Start('{}'), { 'content-type': 'text/plain' }),
    answers: [v1Answer(415)],
    journaled: 0,
  },
  {
    name: 'v1: Content-Type application/jsonp',
    send: v1('start', v1Start('{}'), { 'content-type': 'application/jsonp' }),
    answers: [v1Answer(415)],
    journaled: 0,
  },
  { name: 'v1: no Authorization', send: v1('start', v1Start('{}'), { authorization: null }), answers: [v1Answer(401)], journaled: 0 },
  {
    name: 'v1: Basic credentials',
    send: v1('start', v1Start('{}'), { authorization: `Basic ${Buffer.from(`demo-client:${SECRET}`).toString('base64')}` }),
    answers: [v1Answer(401)],
    journaled: 0,
  },
  {
    name: 'v1: "Bearer" without a token',
    send: v1('start', v1Start('{}'), { authorization: 'Bearer ' }),
    answers: [v1Answer(401)],
    journaled: 0,
  },
  {
    name: 'v1: a bearer token with a space inside',
    send: v1('start', v1Start('{}'), { authorization: `Bearer ${token} x` }),
    answers: [v1Answer(401)],
    journaled: 0,
  },
  {
    name: 'v1: a token the upstream does not know',
    send: v1('start', v1Start('{}'), { authorization: 'Bearer sim_unknown' }),
    answers: [v1Answer(401)],
    journaled: 1,
  },
  { name: 'v1: GET', send: request('GET /captain/api/journey/state/fetch HTTP/1.1', bearer), answers: [v1Answer(405)], journaled: 0 },
  { name: 'v1: an operation that does not exist', send: v1('task/delete', '{}'), answers: [v1Answer(404)], journaled: 0 },
  {
    name: 'v1: a start carrying identity data is served (and its data is never logged)',
    send: v1('start', v1Start(json(subject))),
    answers: [{ status: 201, shape: 'json' }],
  },

  // v2 bodies, passed through to the upstream, which judges them.
  {
    name: 'v2: context.subject nested 100,000 levels deep',
    send: v2('journey/start', v2Start(deep(100_000))),
    answers: [v2Answer(400, /nests deeper than 64/)],
    options: { port: defaultsPort },
    journaled: 1,
  },
  {
    name: 'v2: invalid UTF-8 in the body',
    send: v2('journey/start', Buffer.concat([Buffer.from('{"resourceId":"'), Buffer.from([0xc3, 0x28, 0xff]), Buffer.from('"}')])),
    answers: [v2Answer(400)],
    journaled: 1,
  },
  { name: 'v2: NUL bytes in the body', send: v2('journey/start', '\0\0\0\0'), answers: [v2Answer(400, /not valid JSON/)], journaled: 1 },
  {
    name: 'v2: a start without a token',
    send: v2('journey/start', v2Start('{}'), { authorization: null }),
    answers: [v2Answer(401)],
    journaled: 1,
  },
  {
    name: 'v2: GET on journey/start',
    send: request('GET /v2/captain/journey/start HTTP/1.1', bearer),
    answers: [v2Answer(405)],
    journaled: 1,
  },
  { name: 'v2: a path the upstream does not serve', send: v2('journey/explode', '{}'), answers: [v2Answer(404)], journaled: 1 },
  {
    name: 'v2: a start carrying identity data is served',
    send: v2('journey/start', v2Start(json(subject))),
    answers: [{ status: 201, shape: 'json' }],
    journaled: 1,
  },

  // Token requests.
  { name: 'token: a form that is not one', send: tokenRequest('%%%&&&==='), answers: [{ status: 400, shape: 'oauth' }], journaled: 1 },
  {
    name: 'token: a JSON body',
    send: tokenRequest('{"grant_type":"client_credentials"}', { 'content-type': 'application/json' }),
    answers: [{ status: 415, shape: 'oauth' }],
    journaled: 1,
  },
  {
    name: 'token: a wrong client secret is refused without repeating it',
    send: tokenRequest('grant_type=client_credentials&client_id=demo-client&client_secret=not-the-secret-42'),
    answers: [{ status: 401, shape: 'oauth' }],
    journaled: 1,
    check: ({ responses: [response] }) => expect(response?.body.toString()).not.toContain('not-the-secret-42'),
  },
  {
    name: 'token: a NUL byte in the secret',
    send: tokenRequest('grant_type=client_credentials&client_id=demo-client&client_secret=a%00b'),
    answers: [{ status: 401, shape: 'oauth' }],
    journaled: 1,
  },
  {
    name: 'token: invalid UTF-8 in the form',
    send: tokenRequest(
      Buffer.concat([
        Buffer.from('grant_type=client_credentials&client_id='),
        Buffer.from([0xff, 0xfe]),
        Buffer.from(`&client_secret=${SECRET}`),
      ]),
    ),
    answers: [{ status: 401, shape: 'oauth' }],
    journaled: 1,
  },
  {
    name: 'token: a password grant is served (and the password is never logged)',
    send: tokenRequest(`grant_type=password&client_id=demo-client&client_secret=${SECRET}&username=demo-user&password=demo-password`),
    answers: [{ status: 200, shape: 'json' }],
    journaled: 1,
  },

  // Pipelining.
  {
    name: 'three pipelined GET /healthz',
    send: Buffer.concat([HEALTHZ, HEALTHZ, HEALTHZ]),
    answers: Array(3).fill({ status: 200, shape: 'health' }),
  },
  {
    name: '100 pipelined GET /healthz',
    send: Buffer.concat(Array(100).fill(HEALTHZ)),
    answers: Array(100).fill({ status: 200, shape: 'health' }),
  },
  {
    name: 'a v1 call and a v2 call pipelined are answered in order',
    send: Buffer.concat([v1('start', '[]'), v2('journey/start', '{}'), HEALTHZ]),
    answers: [v1Answer(400), v2Answer(400), { status: 200, shape: 'health' }],
  },
  {
    name: 'a request pipelined after a 413 is not answered: its bytes are the rest of the refused body',
    send: Buffer.concat([v1('start', '', { 'content-length': LIMIT + 1 }), HEALTHZ]),
    answers: [v1Answer(413)],
    options: { responses: 2, timeoutMs: 300 },
    check: ({ timedOut, responses }) => {
      expect(timedOut).toBe(true);
      expect(responses).toHaveLength(1);
    },
  },
  {
    name: 'garbage pipelined after a valid request closes the connection',
    send: Buffer.concat([HEALTHZ, Buffer.from('GARBAGE\r\n\r\n')]),
    answers: [nodeRefusal(400)],
  },

  // Callers that leave, and callers that are slow.
  {
    name: 'a caller that leaves in the middle of its headers',
    run: async () => {
      const result = await exchange(port, leaveAfter('POST /captain/api/journey/start HTTP/1.1\r\nhost: x\r\ncontent-', 20));
      expect(result.responses).toEqual([]);
    },
  },
  {
    name: 'a caller that leaves in the middle of a v1 body',
    run: async () => {
      const result = await exchange(port, leaveAfter(v1('start', v1Start('{}'), { 'content-length': 500 }), 20));
      expect(result.responses).toEqual([]);
    },
  },
  {
    name: 'a caller that leaves in the middle of a chunked v2 body being passed through',
    run: async () => {
      const head = chunked('POST /v2/captain/journey/start', bearer, '{"resourceId":')
        .toString()
        .replace(/0\r\n\r\n$/, '');
      const result = await exchange(port, leaveAfter(head, 50));
      expect(result.responses).toEqual([]);
    },
  },
  {
    name: 'a caller that leaves while the upstream is slow to answer a v2 start: counted as 499',
    run: async () => {
      sim.core.faults.add({ path: '*/v2/captain/journey/start', latencyMs: 300, count: 1 });
      const before = logged.length;
      const result = await exchange(port, leaveAfter(v2('journey/start', v2Start('{}')), 50));
      expect(result.responses).toEqual([]);
      await vi.waitFor(() => expect(requestsLogged(before)).toContainEqual({ route: 'v2', status: 499 }), { timeout: 2000 });
    },
  },
  {
    name: 'a caller that leaves while a v1 start waits for a slow upstream: counted as 499',
    run: async () => {
      sim.core.faults.add({ path: '*/v2/captain/journey/start', latencyMs: 300, count: 1 });
      const before = logged.length;
      const result = await exchange(port, leaveAfter(v1('start', v1Start('{}')), 50));
      expect(result.responses).toEqual([]);
      await vi.waitFor(() => expect(requestsLogged(before)).toContainEqual({ route: 'v1', status: 499 }), { timeout: 2000 });
    },
  },
  {
    name: 'a caller that leaves in the middle of the answers to 2000 pipelined requests',
    run: async () => {
      const result = await exchange(port, leaveAfter(Buffer.concat(Array(2000).fill(HEALTHZ)), 'first-byte'), {
        responses: Number.POSITIVE_INFINITY,
      });
      expect(result.responses.length).toBeLessThan(2000);
    },
  },
  {
    name: 'slowloris: 50 connections holding half a request while /healthz answers',
    run: async () => {
      const held = Array.from({ length: 50 }, () =>
        exchange(port, 'POST /captain/api/journey/start HTTP/1.1\r\nhost: x\r\nx-slow: ', { timeoutMs: 1500 }),
      );
      const started = performance.now();
      await expectServing(port);
      // Answered while all 50 are held: a server blocked by them would answer only once node:http timed them out (60 s).
      expect(performance.now() - started).toBeLessThan(1000);
      for (const result of await Promise.all(held)) expect(result).toMatchObject({ responses: [], timedOut: true });
    },
  },
  {
    name: 'a request sent one byte at a time is answered',
    run: async () => {
      const result = await exchange(port, trickle(HEALTHZ, 1, 2));
      expect(result.responses[0]?.status).toBe(200);
    },
  },
  {
    name: 'a v1 body trickled over 300 ms is answered',
    run: async () => {
      const body = v1Start('{}');
      const head = v1('start', body).subarray(0, -Buffer.byteLength(body));
      const result = await exchange(port, async (socket) => {
        socket.write(head);
        await trickle(Buffer.from(body), 10, 30)(socket);
      });
      expect(result.responses[0]?.status).toBe(201);
    },
  },

  // The flood that once ended the process ("Unhandled 'error' event … write EPIPE"), with the default 10 MiB limit.
  ...[
    { framing: 'content-length', caller: 'anonymous', answer: v2Answer(413), why: 'refused on its Content-Length' },
    { framing: 'chunked', caller: 'anonymous', answer: v2Answer(401), why: 'refused upstream before the body is read' },
    { framing: 'chunked', caller: 'authenticated', answer: v2Answer(413), why: 'cut at 10 MiB while it streams' },
  ].map(
    ({ framing, caller, answer, why }): RunCase => ({
      name: `4 concurrent ${caller} 100 MB POSTs (${framing}) to a /v2/captain/ pass-through path: ${why}`,
      run: async () => {
        const total = 100 * 1024 * 1024;
        const head = request('POST /v2/captain/journey/start HTTP/1.1', {
          'content-type': 'application/json',
          ...(caller === 'authenticated' && { authorization: `Bearer ${bigToken}` }),
          ...(framing === 'chunked' ? { 'transfer-encoding': 'chunked' } : { 'content-length': total }),
        });
        const floods = Array.from({ length: 4 }, () =>
          exchange(
            bigPort,
            async (socket) => {
              socket.write(head);
              await writeBulk(socket, total, { chunked: framing === 'chunked' });
            },
            { responses: 1, timeoutMs: 15_000 },
          ),
        );
        for (const result of await Promise.all(floods)) {
          expect(result.timedOut).toBe(false);
          // Each reads its answer: the rest of an upload refused with 413 is read and dropped, not reset under it.
          expect(result.responses).toHaveLength(1);
          expectAnswer(result.responses[0], answer);
        }
      },
    }),
  ),
];

async function expectServing(serving: number): Promise<void> {
  const { responses } = await exchange(serving, HEALTHZ);
  expect(responses[0]?.status).toBe(200);
}

describe(`${CASES.length} hostile requests over raw sockets to journey-bridge serve`, () => {
  it.each(CASES)('$name', async (hostile) => {
    if ('run' in hostile) await hostile.run();
    else await expectExchange(hostile, port, () => sim.core.journal.count());
    await Promise.all([expectServing(port), expectServing(defaultsPort), expectServing(bigPort)]);
  });
});

describe('what journey-bridge and the simulator logged during the suite', () => {
  it('holds no token, client secret, password, image or identity number, and no unexpected failure', () => {
    const lines = [...logged, ...consoleError.mock.calls.map((call) => call.map(String).join(' '))].join('\n');
    // One line per request that reached a route (node:http's own refusals and /healthz are not logged).
    expect(logged.length).toBeGreaterThan(50);
    for (const secret of [token, bigToken, SECRET, 'demo-password', IMAGE, SSN]) expect(lines).not.toContain(secret);
    expect(logged.filter((line) => /"level":50/.test(line))).toEqual([]);
    expect(consoleError).not.toHaveBeenCalled();
  });
});
