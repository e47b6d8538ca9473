import type { Socket } from 'node:net';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createSimulator, loadJourneys } from '../src/index.js';
import { JOURNEYS_DIR } from './harness.js';
import { expectExchange, type HostileCase, htmlAnswer, nodeRefusal, oauthAnswer, v1Answer, v2Answer } from './hostile-cases.js';
import { exchange, request, sendingPastTheAnswer } from './raw-http.js';

// The simulator's only log: unexpected errors on stderr. A hostile request is never one.
const consoleError = vi.spyOn(console, 'error');

const LIMIT = 1024 * 1024;
const sim = createSimulator({ journeys: await loadJourneys(JOURNEYS_DIR), clock: { manual: true }, bodyLimitBytes: LIMIT });
const running = await sim.listen();
const port = Number(new URL(running.url).port);
const token = sim.issueToken();
afterAll(() => running.close());

const bearer = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
type Headers = Record<string, string | number | null>;
const v2 = (path: string, body: string | Buffer, headers: Headers = {}) =>
  request(`POST /eu/v2/captain/journey/${path} HTTP/1.1`, { ...bearer, ...headers }, body);
const v1 = (path: string, body: string | Buffer, headers: Headers = {}) =>
  request(`POST /eu/captain/api/journey/${path} HTTP/1.1`, { ...bearer, ...headers }, body);
const form = (body: string | Buffer, headers: Headers = {}) =>
  request('POST /as/token.oauth2 HTTP/1.1', { 'content-type': 'application/x-www-form-urlencoded', ...headers }, body);
const TOKEN_REQUEST = form('grant_type=client_credentials&client_id=demo-client&client_secret=demo-secret');
const chunked = (line: string, headers: Headers, body: string) =>
  request(line, { ...headers, 'transfer-encoding': 'chunked' }, `${Buffer.byteLength(body).toString(16)}\r\n${body}\r\n0\r\n\r\n`);
const deep = (levels: number) => `${'['.repeat(levels)}1${']'.repeat(levels)}`;
const v2Start = (subject: string) =>
  `{"resourceId":"b2e8d4a1data-check-v2@latest","context":{"config":{"delivery":"api"},"subject":${subject}}}`;
const v1Start = (subject: string) =>
  `{"resourceId":"a1d7c3f0data-check-v1@latest","context":{"config":{"async":true},"subject":${subject}}}`;
const over = 'x'.repeat(LIMIT + 1);
const invalidUtf8 = Buffer.from([0xc3, 0x28, 0xff, 0xfe]);
/** `*` runs that a backtracking matcher takes exponential time over, against a path they do not match. */
const PATHOLOGICAL = `${'*a'.repeat(40)}*X`;

/** A started v2 instance, for the submit cases. */
async function startedInstance(): Promise<string> {
  const { responses } = await exchange(port, v2('start', v2Start('{}')));
  return JSON.parse(responses[0]?.body.toString() ?? '{}').instanceId;
}
const instanceId = await startedInstance();

/** A started v2 instance of page delivery: the path of its hosted page, for the form cases. */
async function hostedPage(): Promise<string> {
  const body = '{"resourceId":"b2e8d4a1data-check-v2@latest","context":{"config":{"delivery":"page"},"subject":{}}}';
  const { responses } = await exchange(port, v2('start', body));
  return new URL(JSON.parse(responses[0]?.body.toString() ?? '{}').instanceUrl).pathname;
}
const page = await hostedPage();
const pageForm = (body: string | Buffer, headers: Headers = {}) =>
  request(`POST ${page} HTTP/1.1`, { 'content-type': 'multipart/form-data; boundary=b', ...headers }, body);

const CASES: HostileCase[] = [
  { name: 'garbage instead of a request line', send: 'GARBAGE\r\n\r\n', answers: [nodeRefusal(400)], journaled: 0 },
  { name: 'an unknown method', send: request('BREW /as/token.oauth2 HTTP/1.1'), answers: [nodeRefusal(400)], journaled: 0 },
  { name: 'a request target of 20 KB', send: request(`GET /${'a'.repeat(20_000)} HTTP/1.1`), answers: [nodeRefusal(431)] },
  {
    name: 'one header of 20 KB',
    send: request('GET /__sim/health HTTP/1.1', { 'x-padding': 'a'.repeat(20_000) }),
    answers: [nodeRefusal(431)],
  },
  {
    name: 'Content-Length with Transfer-Encoding: chunked',
    send: v2('start', '0\r\n\r\n', { 'content-length': 5, 'transfer-encoding': 'chunked' }),
    answers: [nodeRefusal(400)],
  },
  {
    name: 'two different Content-Lengths',
    send: v2('start', '{}', { 'content-length': 2 }).toString().replace('\r\n\r\n', '\r\ncontent-length: 3\r\n\r\n'),
    answers: [nodeRefusal(400)],
  },
  {
    name: 'a chunk size that is not hexadecimal',
    send: v2('start', 'zz\r\n{}\r\n0\r\n\r\n', { 'transfer-encoding': 'chunked' }),
    answers: [nodeRefusal(400)],
  },
  { name: 'no Host header in HTTP/1.1', send: request('GET /__sim/health HTTP/1.1', { host: null }), answers: [nodeRefusal(400)] },
  {
    name: 'user information in the Host header',
    send: request('GET /__sim/health HTTP/1.1', { host: 'u:p@evil.example' }),
    answers: [{ status: 400, shape: 'none' }],
  },

  // Size limits.
  {
    name: 'a v2 Content-Length over the limit',
    send: v2('start', '', { 'content-length': LIMIT + 1 }),
    answers: [v2Answer(413)],
  },
  {
    name: 'a v2 body over the limit still being sent when its 413 arrives, then a request on the same connection',
    send: sendingPastTheAnswer(v2('start', '', { 'content-length': 4 * LIMIT }), 4 * LIMIT, request('GET /__sim/health HTTP/1.1')),
    answers: [v2Answer(413), { status: 200, shape: 'json' }],
  },
  {
    name: 'a chunked v2 body over the limit',
    send: chunked('POST /eu/v2/captain/journey/start HTTP/1.1', bearer, over),
    answers: [v2Answer(413)],
  },
  {
    name: 'a chunked v1 body over the limit',
    send: chunked('POST /eu/captain/api/journey/start HTTP/1.1', bearer, over),
    answers: [v1Answer(413)],
  },
  {
    name: 'a token body over its 64 KiB limit',
    send: chunked(
      'POST /as/token.oauth2 HTTP/1.1',
      { 'content-type': 'application/x-www-form-urlencoded' },
      `client_secret=${'s'.repeat(65 * 1024)}`,
    ),
    answers: [oauthAnswer(413)],
  },
  {
    name: 'a hosted page form with a Content-Length over the limit',
    send: pageForm('', { 'content-length': LIMIT + 1 }),
    answers: [htmlAnswer(413, /exceeds the limit of 1048576 bytes/)],
  },
  {
    name: 'a chunked hosted page form over the limit',
    send: chunked(`POST ${page} HTTP/1.1`, { 'content-type': 'multipart/form-data; boundary=b' }, over),
    answers: [htmlAnswer(413)],
  },
  {
    name: 'a hosted page form of 1,001 multipart fields, within the byte limit',
    send: pageForm(`${'--b\r\nContent-Disposition: form-data; name="x"\r\n\r\n1\r\n'.repeat(1001)}--b--\r\n`),
    answers: [htmlAnswer(413, /the form has more than 1000 fields/)],
  },
  {
    name: 'a hosted page form of 1,001 urlencoded fields, within the byte limit',
    send: pageForm(Array(1001).fill('x=1').join('&'), { 'content-type': 'application/x-www-form-urlencoded' }),
    answers: [htmlAnswer(413, /the form has more than 1000 fields/)],
  },
  {
    name: 'Expect: 100-continue with a body over the limit',
    send: v2('start', '', { expect: '100-continue', 'content-length': LIMIT + 1 }),
    answers: [v2Answer(413)],
  },

  // Bodies.
  {
    name: 'a hosted page form of multipart cut short, then a well-formed one on the same connection',
    send: Buffer.concat([
      pageForm('--b\r\nContent-Disposition: form-data; name="FullName/firstName"\r\n\r\nAda'),
      pageForm('--b\r\nContent-Disposition: form-data; name="interactionId"\r\n\r\nstale\r\n--b--\r\n'),
    ]),
    answers: [
      htmlAnswer(400, /not valid multipart\/form-data/),
      htmlAnswer(400, /interactionId &quot;stale&quot; is not the active interaction/),
    ],
  },
  {
    name: 'v2 start: context.subject nested 100,000 levels deep',
    send: v2('start', v2Start(deep(100_000))),
    answers: [v2Answer(400, /nests deeper than 64/)],
    journaled: 1,
  },
  {
    name: 'v2 start: nested 65 levels, one past the bound',
    send: v2('start', v2Start(`{"a":${deep(62)}}`)),
    answers: [v2Answer(400, /nests deeper than 64/)],
  },
  {
    name: 'v2 submit: context.subject nested 100,000 levels deep',
    send: v2('interaction/submit', `{"instanceId":"${instanceId}","participants":["FullName"],"context":{"subject":${deep(100_000)}}}`),
    answers: [v2Answer(400, /nests deeper than 64/)],
  },
  {
    name: 'v1 start: context.subject nested 100,000 levels deep',
    send: v1('start', v1Start(deep(100_000))),
    answers: [v1Answer(400, /nests deeper than 64/)],
  },
  {
    name: 'control plane: a fault rule nested 100,000 levels deep',
    send: request('POST /__sim/faults HTTP/1.1', { 'content-type': 'application/json' }, `{"path":"/x","status":500,"x":${deep(100_000)}}`),
    answers: [v2Answer(400, /nests deeper than 64/)],
  },
  {
    name: 'v2 start: invalid UTF-8 is refused, never read as U+FFFD',
    send: v2('start', Buffer.concat([Buffer.from('{"resourceId":"'), invalidUtf8, Buffer.from('"}')])),
    answers: [v2Answer(400, /not valid UTF-8/)],
  },
  { name: 'v2 start: NUL bytes', send: v2('start', '\0\0\0\0'), answers: [v2Answer(400, /not valid JSON/)] },
  {
    name: 'v2 start: an escaped NUL in the resourceId',
    send: v2('start', v2Start('{}').replace('@latest', '\\u0000@latest')),
    answers: [v2Answer(404)],
  },
  { name: 'v2 start: a JSON array', send: v2('start', '[]'), answers: [v2Answer(400, /JSON object/)] },
  {
    name: 'v2 start: Content-Type text/plain',
    send: v2('start', v2Start('{}'), { 'content-type': 'text/plain' }),
    answers: [v2Answer(415)],
  },
  {
    name: 'v1 state: invalid UTF-8 is refused, never read as U+FFFD',
    send: v1('state/fetch', Buffer.concat([Buffer.from('{"instanceId":"'), invalidUtf8, Buffer.from('"}')])),
    answers: [v1Answer(400, /not valid UTF-8/)],
  },

  // Paths and targets.
  { name: 'an encoded ../ out of the v2 base', send: v2('..%2f..%2f..%2f__sim%2freset', '{}'), answers: [v2Answer(404)] },
  { name: 'a network-path target (//evil.host/)', send: request('GET //evil.example/ HTTP/1.1'), answers: [v2Answer(404)] },
  { name: 'a backslash in the target', send: v2('start\\..\\..', '{}'), answers: [{ status: 400, shape: 'none' }] },
  {
    name: 'an absolute-form target naming another host is answered by its path',
    send: request(
      'POST http://evil.example/as/token.oauth2 HTTP/1.1',
      { 'content-type': 'application/x-www-form-urlencoded' },
      'grant_type=nope',
    ),
    answers: [oauthAnswer(400, /grant_type/)],
  },
  { name: 'a v2 path that does not exist', send: v2('explode', '{}'), answers: [v2Answer(404)] },
  { name: 'GET on v2 start', send: request('GET /eu/v2/captain/journey/start HTTP/1.1', bearer), answers: [v2Answer(405, /use POST/)] },
  { name: 'GET on a v1 path', send: request('GET /eu/captain/api/journey/start HTTP/1.1', bearer), answers: [v1Answer(405)] },
  {
    name: 'an X-Request-ID of 5000 characters is replaced',
    send: v2('explode', '{}', { 'x-request-id': 'r'.repeat(5000) }),
    answers: [v2Answer(404)],
    check: ({ responses: [response] }) => expect(response?.headers['x-request-id']).toMatch(/^[0-9a-f]{32}$/),
  },

  // Patterns that once blocked the event loop for good.
  {
    name: 'a journal query with a pathological * pattern answers at once',
    send: request(`GET /__sim/journal?path=${encodeURIComponent(`/${PATHOLOGICAL}`)} HTTP/1.1`),
    answers: [{ status: 200, shape: 'json' }],
    options: { timeoutMs: 1000 },
  },
  {
    name: 'a fault rule with a pathological * pattern is matched against every request at once',
    send: Buffer.concat([
      request(
        'POST /__sim/faults HTTP/1.1',
        { 'content-type': 'application/json' },
        JSON.stringify({ id: 'slow', path: `/${PATHOLOGICAL}`, status: 500 }),
      ),
      TOKEN_REQUEST,
      request('DELETE /__sim/faults/slow HTTP/1.1'),
    ]),
    answers: [
      { status: 201, shape: 'json' },
      { status: 200, shape: 'json' },
      { status: 200, shape: 'json' },
    ],
    options: { timeoutMs: 1000 },
  },

  // Token requests.
  {
    name: 'token: a JSON body',
    send: form('{"grant_type":"client_credentials"}', { 'content-type': 'application/json' }),
    answers: [oauthAnswer(415)],
  },
  {
    name: 'token: invalid UTF-8 in the form',
    send: form(Buffer.concat([Buffer.from('grant_type=client_credentials&client_id='), invalidUtf8, Buffer.from('&client_secret=x')])),
    answers: [oauthAnswer(401)],
  },
  {
    name: 'token: a NUL byte in the secret',
    send: form('grant_type=client_credentials&client_id=demo-client&client_secret=demo%00secret'),
    answers: [oauthAnswer(401)],
  },
  {
    name: 'token: a wrong secret is refused without repeating it',
    send: form('grant_type=client_credentials&client_id=demo-client&client_secret=not-the-secret-42'),
    answers: [oauthAnswer(401)],
    check: ({ responses: [response] }) => expect(response?.body.toString()).not.toContain('not-the-secret-42'),
  },

  // Pipelining.
  {
    name: 'three pipelined token requests',
    send: Buffer.concat([TOKEN_REQUEST, TOKEN_REQUEST, TOKEN_REQUEST]),
    answers: Array(3).fill({ status: 200, shape: 'json' }),
    journaled: 3,
  },
  {
    name: 'garbage pipelined after a token request closes the connection',
    send: Buffer.concat([TOKEN_REQUEST, Buffer.from('GARBAGE\r\n\r\n')]),
    answers: [nodeRefusal(400)],
  },

  // Callers that leave, and callers that are slow.
  {
    name: 'a caller that leaves in the middle of a v2 body: journaled as 499, not logged as a failure',
    run: async () => {
      const before = sim.core.journal.count({ status: 499 });
      const leave = (socket: Socket) => {
        socket.write(v2('start', v2Start('{}'), { 'content-length': 500 }));
        setTimeout(() => socket.destroy(), 20);
      };
      expect((await exchange(port, leave)).responses).toEqual([]);
      await vi.waitFor(() => expect(sim.core.journal.count({ status: 499 })).toBe(before + 1), { timeout: 2000 });
    },
  },
  {
    name: 'a caller that leaves during a slow answer: the request is still handled',
    run: async () => {
      sim.core.faults.add({ path: '*/journey/start', latencyMs: 100, count: 1 });
      const before = sim.core.journal.count({ path: '*/journey/start', status: 201 });
      const leave = (socket: Socket) => {
        socket.write(v2('start', v2Start('{}')));
        setTimeout(() => socket.destroy(), 20);
      };
      expect((await exchange(port, leave)).responses).toEqual([]);
      await vi.waitFor(() => expect(sim.core.journal.count({ path: '*/journey/start', status: 201 })).toBe(before + 1), { timeout: 2000 });
    },
  },
  {
    name: 'a caller that leaves in the middle of the answers to 2000 pipelined requests',
    run: async () => {
      const leave = (socket: Socket) => {
        socket.write(Buffer.concat(Array(2000).fill(request('GET /__sim/health HTTP/1.1'))));
        socket.once('data', () => socket.destroy());
      };
      const result = await exchange(port, leave, { responses: Number.POSITIVE_INFINITY });
      expect(result.responses.length).toBeLessThan(2000);
    },
  },
  {
    name: 'slowloris: 50 connections holding half a request while tokens are issued',
    run: async () => {
      const held = Array.from({ length: 50 }, () =>
        exchange(port, 'POST /as/token.oauth2 HTTP/1.1\r\nhost: x\r\nx-slow: ', { timeoutMs: 1500 }),
      );
      const started = performance.now();
      expect((await exchange(port, TOKEN_REQUEST)).responses[0]?.status).toBe(200);
      // Answered while all 50 are held: a server blocked by them would answer only once node:http timed them out (60 s).
      expect(performance.now() - started).toBeLessThan(1000);
      for (const result of await Promise.all(held)) expect(result).toMatchObject({ responses: [], timedOut: true });
    },
  },
];

describe(`${CASES.length} hostile requests over raw sockets to the simulator`, () => {
  it.each(CASES)('$name', async (hostile) => {
    if ('run' in hostile) await hostile.run();
    else await expectExchange(hostile, port, () => sim.core.journal.count());
    const { responses } = await exchange(port, TOKEN_REQUEST);
    expect(responses[0]?.status).toBe(200);
  });

  it('logged no unexpected error meanwhile', () => {
    expect(consoleError).not.toHaveBeenCalled();
  });
});
