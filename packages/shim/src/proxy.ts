import { stoppedWaiting } from '@journey-bridge/adapter';
import { isResponseTooLarge, neverSent, refusalBeforeSending } from '@journey-bridge/client';
import { ShimError } from './errors/shim-error.js';

/**
 * Hop-by-hop headers (RFC 9110 §7.6.1) and ones the HTTP stack recomputes: never forwarded as they are.
 * `expect` belongs to one hop: node:http has already answered `100 Continue` to the caller, and undici refuses it.
 * `content-length` is set again from the caller's own when the body is forwarded.
 */
const HOP_BY_HOP = new Set([
  'connection',
  'expect',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'host',
  'content-length',
]);

/**
 * Why a pass-through exchange produced no answer to forward:
 * - `request-too-large`: the caller's body passed the limit (413);
 * - `response-too-large`: the upstream's body passed the limit (502);
 * - `timeout`: no whole answer within the timeout (504; the upstream may have acted);
 * - `unreachable`: the request was never sent (503);
 * - `unsendable`: the HTTP client refused the request as it is before sending anything, e.g. a header it does not
 *   take (502; the upstream cannot have acted, and the same request fails the same way);
 * - `failed`: the exchange broke after the request was sent, or the answer arrived cut short (502);
 * - `unreadable`: a journey endpoint's 2xx answer whose body is no whole JSON object or array, such as one cut
 *   short where nothing framed its length (502; the upstream may have acted);
 * - `timeout` also when the shim stopped waiting: the signal fired with a reason named `TimeoutError` (the end of
 *   the shutdown grace);
 * - `caller-gone`: the caller closed its connection first (499, read by nobody but logs and metrics).
 */
export type PassThroughFailureKind =
  | 'request-too-large'
  | 'response-too-large'
  | 'timeout'
  | 'unreachable'
  | 'unsendable'
  | 'failed'
  | 'unreadable'
  | 'caller-gone';

/** A pass-through exchange that ended without an answer to forward. */
export class PassThroughError extends ShimError {
  override name = 'PassThroughError';
  constructor(
    readonly kind: PassThroughFailureKind,
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

/** What a pass-through may send and receive. */
export interface PassThroughLimits {
  /** Largest request body forwarded, in bytes; counted while it streams. */
  readonly requestBytes: number;
  /** Largest response body forwarded, in bytes. */
  readonly responseBytes: number;
  /** Time for the whole exchange, in ms. */
  readonly timeoutMs: number;
}

function forwardable(headers: Headers): Headers {
  const out = new Headers();
  // Append, not set: iteration yields each Set-Cookie on its own, and each must stay.
  for (const [name, value] of headers) if (!HOP_BY_HOP.has(name)) out.append(name, value);
  return out;
}

/** The body's chunks as they arrive, failing the upload as soon as they pass `limit` bytes. */
async function* limited(
  chunks: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
  limit: number,
  tooLarge: () => Error,
): AsyncGenerator<Uint8Array> {
  let size = 0;
  for await (const chunk of chunks) {
    size += chunk.byteLength;
    if (size > limit) throw tooLarge();
    yield chunk;
  }
}

/** Bytes JSON allows around a value (RFC 8259): space, tab, line feed, carriage return. */
const JSON_SPACE = new Set([0x20, 0x09, 0x0a, 0x0d]);

/**
 * Whether `bytes` look like a whole JSON object or array: the first byte that is not space opens one and the last
 * closes one. Cheap on a state of megabytes, where parsing would hold the event loop for tens of milliseconds, and
 * enough for what it is for: an answer cut short where nothing framed its length (the upstream closed the
 * connection early), an HTML page, an empty body, `null`.
 */
function looksLikeJsonData(bytes: Buffer | null): boolean {
  if (!bytes) return false;
  let first = 0;
  let last = bytes.length - 1;
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) first = 3; // a byte-order mark
  while (first <= last && JSON_SPACE.has(bytes[first] as number)) first += 1;
  while (last >= first && JSON_SPACE.has(bytes[last] as number)) last -= 1;
  if (first >= last) return false;
  return (bytes[first] === 0x7b && bytes[last] === 0x7d) || (bytes[first] === 0x5b && bytes[last] === 0x5d);
}

/** The response body, read whole but never past `limit` bytes: a cut-short body is a failure, not an answer. */
async function readLimited(body: ReadableStream<Uint8Array> | null, limit: number): Promise<Buffer<ArrayBuffer> | null> {
  if (!body) return null;
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) {
    size += chunk.byteLength;
    if (size > limit) {
      await body.cancel().catch(() => {});
      throw new PassThroughError('response-too-large', `the upstream answer exceeds ${limit} bytes`);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** The request as the shim received it, with what node:http offers beyond a fetch `Request`. */
export interface PassThroughRequest {
  readonly request: Request;
  /** `X-Request-ID` sent upstream: the caller's, or one the shim made so the exchange can be found again. */
  readonly requestId: string;
  /** Aborts the exchange when the caller goes away, or, with a `TimeoutError` reason, when the shim stops waiting. */
  readonly signal: AbortSignal;
  /** The body as node:http holds it (read without destroying the connection, so a 413 still reaches the caller). */
  readonly chunks?: AsyncIterable<Uint8Array> | undefined;
}

/** How a pass-through reads the answer it forwards. */
export interface PassThroughOptions {
  /**
   * The target is a v2 journey endpoint, whose 2xx answers are JSON objects: one whose uncompressed body is no
   * whole object or array is refused as `unreadable` rather than forwarded as a success. @default false
   */
  readonly answersJson?: boolean;
  /**
   * The request creates a journey (a start): an upstream 500 to it is refused as `failed`, an unknown outcome,
   * rather than forwarded, because the specification tells apps to retry a 500 and a retried start that had
   * happened makes a second journey. @default false
   */
  readonly creates?: boolean;
}

/**
 * Passes a request to `target` unchanged but for hop-by-hop headers (the caller's `Authorization` included),
 * and the answer back the same way. The request body streams upstream and is cut at `limits.requestBytes`,
 * framed as the caller framed it: with its `Content-Length` when it declared one (some upstreams refuse chunked
 * bodies), chunked only when it sent chunked. The answer is read whole, up to `limits.responseBytes`, before anything is forwarded,
 * so a broken or oversized answer becomes an error rather than a truncated success.
 */
export async function passThrough(
  { request, requestId, signal, chunks }: PassThroughRequest,
  target: URL,
  fetch: typeof globalThis.fetch,
  limits: PassThroughLimits,
  options: PassThroughOptions = {},
): Promise<Response> {
  const tooLarge = () => new PassThroughError('request-too-large', `the request body exceeds ${limits.requestBytes} bytes`);
  const declaredLength = request.headers.get('content-length');
  if (Number(declaredLength) > limits.requestBytes) throw tooLarge();
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD' && (chunks !== undefined || request.body !== null);
  const source = chunks ?? (request.body as unknown as AsyncIterable<Uint8Array> | null) ?? [];
  let refused: PassThroughError | undefined;
  const body = hasBody
    ? limited(source, limits.requestBytes, () => {
        refused = tooLarge();
        return refused;
      })
    : undefined;
  const timeout = AbortSignal.timeout(limits.timeoutMs);
  try {
    const headers = forwardable(request.headers);
    headers.set('x-request-id', requestId);
    // undici sends a streamed body with this length rather than chunked, and fails the exchange on a body that
    // does not match it (node:http has already held the caller to it).
    if (body && declaredLength !== null) headers.set('content-length', declaredLength);
    const upstream = await fetch(target, {
      method: request.method,
      headers,
      ...(body && { body: body as unknown as BodyInit, duplex: 'half' }),
      redirect: 'manual',
      signal: AbortSignal.any([signal, timeout]),
    } as RequestInit);
    const declared = Number(upstream.headers.get('content-length'));
    if (declared > limits.responseBytes) {
      await upstream.body?.cancel().catch(() => {});
      throw new PassThroughError('response-too-large', `the upstream answer declares ${declared} bytes, over ${limits.responseBytes}`);
    }
    const bytes = await readLimited(upstream.body, limits.responseBytes);
    if (options.creates && upstream.status === 500)
      throw new PassThroughError('failed', 'the upstream failed (500) after receiving the request');
    // Only an answer of a journey endpoint, as sent: a compressed one is passed on as it came.
    const coding = upstream.headers.get('content-encoding');
    const asSent = coding === null || coding.trim().toLowerCase() === 'identity';
    if (
      options.answersJson &&
      asSent &&
      upstream.status >= 200 &&
      upstream.status < 300 &&
      upstream.status !== 204 &&
      !looksLikeJsonData(bytes)
    ) {
      throw new PassThroughError(
        'unreadable',
        `the upstream answered ${upstream.status} with a body that is no whole JSON object or array`,
      );
    }
    return new Response(bytes, { status: upstream.status, statusText: upstream.statusText, headers: forwardable(upstream.headers) });
  } catch (error) {
    if (refused) throw refused;
    if (error instanceof PassThroughError) throw error;
    if (timeout.aborted) throw new PassThroughError('timeout', `no whole answer from the upstream within ${limits.timeoutMs} ms`);
    if (stoppedWaiting(signal)) throw new PassThroughError('timeout', (signal.reason as Error).message);
    if (neverSent(error)) throw new PassThroughError('unreachable', 'the upstream is unreachable', { cause: error });
    const refusal = refusalBeforeSending(error);
    if (refusal) {
      const what = refusal.message.slice(0, 200);
      throw new PassThroughError('unsendable', `the request cannot be forwarded as it is (${what}); nothing was sent`, { cause: error });
    }
    // The pool holds every answer to the same limit, and may see it first.
    if (isResponseTooLarge(error))
      throw new PassThroughError('response-too-large', `the upstream answer is over ${limits.responseBytes} bytes`);
    if (signal.aborted) throw new PassThroughError('caller-gone', 'the caller left before the answer');
    throw new PassThroughError('failed', 'the exchange with the upstream failed before its whole answer arrived', { cause: error });
  }
}
