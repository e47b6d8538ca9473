import { Agent as HttpAgent, request as httpRequest, type IncomingMessage, type OutgoingHttpHeaders } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { BufferedResponse } from './buffered-response.js';
import { ACCEPTS_TIMEOUT, type TimeoutFetch, type TimeoutRequestInit } from './fetch-timeout.js';

/** Options of `createKeepAliveFetch`. */
export interface KeepAliveFetchOptions {
  /** Most connections open to one host. @default 256 */
  maxSockets?: number;
  /** Idle keep-alive connections kept per host; fewer means new connections after every burst. @default 256, as Node's agent */
  maxFreeSockets?: number;
  /**
   * How long an idle connection is kept, in ms; shortened to 1 s under a server's `Keep-Alive: timeout` hint
   * (Node's agent honours the hint only when it has a timeout of its own). @default 4000, as undici's
   */
  idleTimeoutMs?: number;
}

/** Statuses whose responses have no body: `new Response` refuses one for them. */
const NULL_BODY = new Set([101, 204, 205, 304]);

/** What goes on the wire: the request's parts with the body as bytes. */
interface Outgoing {
  readonly url: URL;
  readonly method: string;
  readonly headers: OutgoingHttpHeaders;
  readonly body: Buffer | undefined;
  readonly signal: AbortSignal | undefined;
  readonly timeout: number | undefined;
}

/** What `Headers` strips from both ends of a value (Fetch standard: HTTP whitespace), and nothing else. */
const HTTP_WHITESPACE_AROUND = /^[\t\n\r ]+|[\t\n\r ]+$/g;
/** Header names and methods are printable ASCII; one with anything else is left as it is, for node:http to refuse. */
const NOT_PRINTABLE_ASCII = /[^ -~]/;

/**
 * The headers as node:http takes them. A plain record (what the clients pass) is copied as it is, without a
 * `Headers` in between: node:http checks names and values itself, with a `TypeError` that, unlike undici's,
 * does not quote the value (a token, say).
 */
function recordOf(init: HeadersInit | undefined): OutgoingHttpHeaders {
  const record: OutgoingHttpHeaders = {};
  // Anything iterable (a Headers, pairs, a Map, another implementation's Headers) is read through `Headers`.
  if (typeof init === 'object' && Symbol.iterator in init) {
    (init instanceof Headers ? init : new Headers(init)).forEach((value, name) => {
      record[name] = value;
    });
    return record;
  }
  for (const [name, given] of Object.entries(init ?? {})) {
    // `toLowerCase` alone would turn the Kelvin sign (U+212A), which no name may hold, into a valid "k".
    const key = NOT_PRINTABLE_ASCII.test(name) ? name : name.toLowerCase();
    const value = String(given).replace(HTTP_WHITESPACE_AROUND, '');
    // As `Headers` does: a name given twice in different cases is one header with both values.
    record[key] = record[key] === undefined ? value : `${record[key]}, ${value}`;
  }
  return record;
}

/**
 * A string or bytes body is taken as it is; anything else (streams, forms, a `Request` with a body) is read
 * through a `Request`, the slow way on Node 20.
 */
async function outgoingOf(input: RequestInfo | URL, init: TimeoutRequestInit = {}): Promise<Outgoing> {
  const { body, timeout } = init;
  if (timeout !== undefined && !(Number.isInteger(timeout) && timeout > 0 && timeout < 2 ** 31))
    throw new TypeError(`fetch failed: timeout must be a whole number of ms from 1, got ${timeout}`);
  if (!(typeof input === 'object' && 'method' in input) && (body == null || typeof body === 'string' || body instanceof Uint8Array)) {
    const given = init.method ?? 'GET';
    // As for header names: `toUpperCase` would turn "po\u017Ft" (long s) into a valid "POST".
    const method = NOT_PRINTABLE_ASCII.test(given) ? given : given.toUpperCase();
    if (body != null && (method === 'GET' || method === 'HEAD'))
      throw new TypeError(`fetch failed: a ${method} request cannot have a body`);
    return {
      url: new URL(input),
      method,
      headers: recordOf(init.headers),
      body: body == null ? undefined : Buffer.from(body),
      signal: init.signal ?? undefined,
      timeout,
    };
  }
  const request = new Request(input, init);
  return {
    url: new URL(request.url),
    method: request.method,
    headers: recordOf(request.headers),
    body: request.body ? Buffer.from(await request.arrayBuffer()) : undefined,
    signal: request.signal,
    timeout,
  };
}

function responseOf(message: IncomingMessage, body: Buffer): Response {
  // From the raw pairs: `message.headers` joins repeated Set-Cookie headers and drops repeats of others.
  const headers: [string, string][] = [];
  const raw = message.rawHeaders;
  for (let index = 0; index + 1 < raw.length; index += 2) headers.push([raw[index] as string, raw[index + 1] as string]);
  const status = message.statusCode ?? 502;
  return new BufferedResponse(NULL_BODY.has(status) ? null : (body as Uint8Array<ArrayBuffer>), {
    status,
    statusText: message.statusMessage ?? '',
    headers,
  });
}

/**
 * A `fetch` over node:http(s) with keep-alive connection pools: the clients' default transport on Node. Node 20's
 * built-in fetch runs every request through web streams; against the simulator on loopback this one takes a
 * state fetch in about two thirds of the time (see `pnpm bench client`). What it leaves out, for a JSON API over
 * POST: bodies are buffered (not streamed; responses are `BufferedResponse`s), redirects are answered as they
 * are (`redirect` is ignored), no compression is asked for, and undici's global dispatcher (proxies, TLS
 * settings) does not apply; `signal` aborts. It also takes `timeout` (ms) in its init: a deadline on the whole
 * exchange, cheaper than a signal (see `TimeoutRequestInit`). A lost connection rejects with
 * `TypeError('fetch failed')` like fetch and is never resent here: whether an attempt may be replayed is the
 * caller's call (start and submit are not idempotent).
 */
export function createKeepAliveFetch({
  maxSockets = 256,
  maxFreeSockets = 256,
  idleTimeoutMs = 4000,
}: KeepAliveFetchOptions = {}): TimeoutFetch {
  // `timeout` only retires idle sockets: Node destroys a timed-out socket when it sits in the free list.
  const options = { keepAlive: true, maxSockets, maxFreeSockets, timeout: idleTimeoutMs };
  const agents = { 'http:': new HttpAgent(options), 'https:': new HttpsAgent(options) };
  const keepAliveFetch = async (input: RequestInfo | URL, init?: TimeoutRequestInit): Promise<Response> => {
    const { url, method, headers, body, signal, timeout } = await outgoingOf(input, init);
    const protocol = url.protocol === 'https:' ? 'https:' : url.protocol === 'http:' ? 'http:' : undefined;
    if (!protocol) throw new TypeError(`fetch failed: unsupported protocol ${url.protocol}`);
    signal?.throwIfAborted();
    if (body) headers['content-length'] = body.byteLength;
    const send = protocol === 'https:' ? httpsRequest : httpRequest;
    return new Promise<Response>((resolve, reject) => {
      let timedOut: DOMException | undefined;
      const fail = (error: Error) =>
        reject(timedOut ?? (signal?.aborted ? signal.reason : new TypeError('fetch failed', { cause: error })));
      const outgoing = send(url, { method, headers, agent: agents[protocol] }, (message) => {
        const chunks: Buffer[] = [];
        message.on('data', (chunk: Buffer) => chunks.push(chunk));
        message.on('end', () => resolve(responseOf(message, Buffer.concat(chunks))));
        message.on('error', fail);
      });
      const timer =
        timeout === undefined
          ? undefined
          : setTimeout(() => {
              timedOut = new DOMException(`no response within ${timeout} ms`, 'TimeoutError');
              outgoing.destroy(timedOut);
            }, timeout);
      const abort = () => outgoing.destroy(signal?.reason instanceof Error ? signal.reason : new Error('aborted'));
      signal?.addEventListener('abort', abort, { once: true });
      // A request closes once its response has ended, or when it is cut.
      outgoing.on('close', () => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', abort);
      });
      outgoing.on('error', fail);
      outgoing.end(body);
    });
  };
  return Object.assign(keepAliveFetch, { [ACCEPTS_TIMEOUT]: true as const });
}

/** The one pool every client shares unless it is given its own `fetch`, as `globalThis.fetch` shares one. */
export const keepAliveFetch = createKeepAliveFetch();
