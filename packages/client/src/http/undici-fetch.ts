import { type Dispatcher, request } from 'undici';
import { createDispatcher } from './create-dispatcher.js';
import { checkedStatus } from './network-error.js';

/** Statuses whose responses have no body: `new Response` refuses one for them. */
const NULL_BODY = new Set([101, 204, 205, 304]);

type UndiciBody = Dispatcher.RequestOptions['body'];
type UndiciHeaders = Dispatcher.RequestOptions['headers'];

/** A body undici sends as it is (streams stream); `undefined` for anything fetch would encode first (a form, a blob). */
function sendable(body: BodyInit | null | undefined): UndiciBody | undefined {
  if (body == null || typeof body === 'string' || body instanceof Uint8Array) return body;
  if (body instanceof ArrayBuffer) return new Uint8Array(body);
  if (body instanceof ReadableStream || (typeof body === 'object' && Symbol.asyncIterator in body)) return body as unknown as UndiciBody;
  return undefined;
}

/** undici's response headers as `Headers` takes them: a repeated header (`set-cookie`) as one pair per value. */
export function headerPairs(headers: Dispatcher.ResponseData['headers']): [string, string][] {
  const pairs: [string, string][] = [];
  for (const [name, value] of Object.entries(headers)) {
    for (const one of Array.isArray(value) ? value : [value]) if (one !== undefined) pairs.push([name, one]);
  }
  return pairs;
}

/**
 * What goes out. Headers go to undici as given, not through `Headers`, whose `TypeError` for an invalid value
 * quotes it (a token, say); undici's names only the header. Anything else is read through a `Request`, as fetch
 * would encode it.
 */
async function outgoing(input: RequestInfo | URL, init: RequestInit) {
  const body = sendable(init.body);
  if (!(typeof input === 'object' && 'method' in input) && body !== undefined) {
    const method = init.method ?? 'GET';
    return {
      url: String(input),
      // Only plain ASCII letters: `toUpperCase` turns "po\u017Ft" (long s) into a valid "POST".
      method: /^[a-z]+$/i.test(method) ? method.toUpperCase() : method,
      headers: (Array.isArray(init.headers) ? init.headers.flat() : init.headers) as UndiciHeaders,
      body,
      signal: init.signal ?? undefined,
    };
  }
  const normalized = new Request(input, init);
  const bytes = normalized.body ? new Uint8Array(await normalized.arrayBuffer()) : null;
  // A record, which both undici's and the DOM's typings take, whichever of them a consumer compiles against.
  const headers: Record<string, string> = {};
  normalized.headers.forEach((value, name) => {
    headers[name] = value;
  });
  return {
    url: normalized.url,
    method: normalized.method,
    headers,
    body: bytes,
    signal: normalized.signal,
  };
}

/**
 * A `fetch` over `undici.request` through `dispatcher`: what the clients' retries and token requests go through,
 * and the same pool for anything else that takes a fetch (the shim's pass-through). Unlike fetch it reads the whole body before it answers, so a body cut short
 * or over the pool's `maxResponseSize` rejects here, with `TypeError('fetch failed')` and undici's error as its
 * `cause`, as a lost connection does. It answers redirects as they are and asks for no compression; `signal`
 * aborts with its reason, as with fetch.
 */
export function createFetch(dispatcher: Dispatcher = createDispatcher()): typeof globalThis.fetch {
  return async (input, init = {}) => {
    const { url, method, headers, body, signal } = await outgoing(input, init);
    signal?.throwIfAborted();
    try {
      const answer = await request(url, { dispatcher, method: method as Dispatcher.HttpMethod, headers, body, signal });
      // undici's bytes own a whole ArrayBuffer.
      const bytes = (await answer.body.bytes()) as Uint8Array<ArrayBuffer>;
      const status = checkedStatus(answer.statusCode);
      return new Response(NULL_BODY.has(status) ? null : bytes, {
        status,
        statusText: answer.statusText,
        headers: headerPairs(answer.headers),
      });
    } catch (error) {
      if (signal?.aborted) throw signal.reason;
      throw new TypeError('fetch failed', { cause: error });
    }
  };
}
