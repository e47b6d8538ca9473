import { JourneyApiError, type Logger, type V1Api } from '@journey-bridge/client';
import {
  bodyTextDecoder,
  charsetOf,
  contentCodingsOf,
  exceedsJsonDepth,
  MAX_JSON_DEPTH,
  notValidIn,
  type V1ErrorBody,
  v1ErrorIdForStatus,
} from '@journey-bridge/contract';
import type { CallContext } from '../call-context.js';
import { AdapterError } from '../errors/adapter-error.js';
import { SaveStoreError } from '../errors/save-store-error.js';
import { TaskBusyError } from '../errors/task-busy-error.js';
import type { V1Adapter } from '../v1-adapter.js';
import { chunksUntilAborted } from './chunks-until-aborted.js';
import { nothingSentFailure, stoppedWaiting, stoppedWaitingFailure, upstreamFailure } from './upstream-failure.js';
import { type V1Operation, v1OperationOf } from './v1-routes.js';

/** Options of `createV1HttpHandler`. */
export interface V1HttpHandlerOptions {
  /**
   * Serves the calls: normally a `createV1Adapter` with `callerToken()` auth, which receives each caller's token,
   * request id and abort signal through `withContext`. Any other `V1Api` is called as it is.
   */
  adapter: V1Api | V1Adapter;
  /** Largest request body in bytes; larger ones get 413. @default 10 MiB (documents and selfies are base64) */
  bodyLimitBytes?: number;
  /**
   * Most bytes of request bodies held at once, over every request in flight from its first chunk to its answer:
   * a request that would go past it is answered 503 with `Retry-After: 1`, so many slow bodies cannot fill
   * memory; taken as `bodyLimitBytes` when below it. @default 256 MiB
   */
  bufferLimitBytes?: number;
  /**
   * Told, at error, of each failure answered with the generic 500 (a bug: not a refusal, not an upstream failure),
   * by the operation, the error's name and the stack frame it was thrown at; never its message (it may quote the
   * input), nor the request's body, token or headers. @default none
   */
  logger?: Pick<Logger, 'error'>;
}

/** The bytes of request bodies a handler holds at once, against its `bufferLimitBytes`. */
class HeldBodyBytes {
  #held = 0;
  constructor(readonly limit: number) {}

  /** Counts `bytes` as held, unless that would go past the limit. */
  take(bytes: number): boolean {
    assertByteCount(bytes);
    if (this.#held + bytes > this.limit) return false;
    this.#held += bytes;
    return true;
  }

  release(bytes: number): void {
    assertByteCount(bytes);
    this.#held -= bytes;
  }
}

/** A count that is not a whole number of bytes would poison the total: NaN passes every later limit check. */
function assertByteCount(bytes: number): void {
  if (!Number.isSafeInteger(bytes) || bytes < 0) throw new RangeError(`a held body size must be a whole number of bytes, got ${bytes}`);
}

/**
 * A v1 request as a server other than fetch hands it over, e.g. node:http, whose body is cheaper to read as
 * its own chunks than through a `Request` (a web stream on Node 20).
 */
export interface V1ServerRequest {
  readonly method: string;
  /** Absolute URL; only its path is read. */
  readonly url: string;
  readonly headers: { get(name: string): string | null };
  /**
   * The body's chunks. Past the body limit the handler stops iterating and answers 413 with
   * `Connection: close`: an iterator whose `return()` destroys the connection would lose that answer.
   */
  readonly chunks: AsyncIterable<Uint8Array>;
  /** Aborts the upstream calls made for this request, e.g. when its caller goes away. */
  readonly signal?: AbortSignal;
}

/** A request the handler answers itself, before the adapter sees it. */
class RequestProblem extends AdapterError {
  constructor(
    readonly status: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

const VALID_REQUEST_ID = /^[\w.:@-]{1,128}$/;
const BEARER = /^Bearer\s+([\w.~+/=-]+)$/i;

/** Every answer carries an `X-Request-ID`: the upstream's, else the caller's, else a new one. */
function v1Json(status: number, body: unknown, requestId: string | undefined, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', 'x-request-id': requestId ?? crypto.randomUUID(), ...headers },
  });
}

const v1Error = (status: number, message: string): V1ErrorBody => ({ status, message, error: v1ErrorIdForStatus(status) });

/** The operations whose answers carry a v1 status. */
const WITH_STATUS: ReadonlySet<V1Operation> = new Set(['startJourney', 'listTasks', 'listTasksWithSchema', 'fetchState']);

/**
 * The answer as it goes on the wire: its status spelled as the journey's dialect says, wherever a v1 status
 * appears (the typed `V1Api` answers the v1 enumeration, as the v1 client reads any spelling).
 */
function onTheWire(operation: V1Operation, answer: unknown, statusSpelling: string | undefined): unknown {
  if (statusSpelling === undefined || !WITH_STATUS.has(operation) || answer === null || typeof answer !== 'object') return answer;
  // Most tenants spell it as the enumeration does: the answer then goes as it is, not copied on every call.
  return (answer as { status?: unknown }).status === statusSpelling ? answer : { ...answer, status: statusSpelling };
}

/**
 * A fetch `Request`'s body stream is async-iterable on Node; the DOM typings do not say so. Its chunks are what
 * the caller's stream enqueued, which need not be bytes. They end when the request's signal fires, as a server
 * stops waiting: in-process, a caller's stream that never closes does not fail by itself when its signal does.
 */
const chunksOf = (request: Request | V1ServerRequest): AsyncIterable<unknown> | Uint8Array[] =>
  'chunks' in request
    ? chunksUntilAborted(request.chunks, request.signal)
    : request.body
      ? chunksUntilAborted(request.body as unknown as AsyncIterable<unknown>, request.signal)
      : [];

/**
 * A body chunk's bytes, taking what Node's fetch sends: any ArrayBuffer view, and a string as UTF-8. Anything
 * else (fetch fails on it) is a 400 that names its type, never its content.
 */
function bytesOfChunk(chunk: unknown): Uint8Array {
  if (chunk instanceof Uint8Array) return chunk;
  if (ArrayBuffer.isView(chunk)) return new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength);
  if (typeof chunk === 'string') return utf8.encode(chunk);
  const type = chunk === null ? 'null' : chunk instanceof ArrayBuffer ? 'ArrayBuffer' : typeof chunk;
  throw new RequestProblem(400, `the request body stream yielded a chunk of type ${type}: send Uint8Arrays or strings`);
}
const utf8 = new TextEncoder();

/** A header value as a message may quote it: the caller's own words, bounded. */
const quoted = (value: string) => JSON.stringify(value.slice(0, 64));

/**
 * The request's JSON object, its bytes counted in `held` as they arrive: the caller releases `bytes` once it has
 * answered; a read that fails has released its own.
 */
async function readBody(
  request: Request | V1ServerRequest,
  limit: number,
  held: HeldBodyBytes,
): Promise<{ body: Record<string, unknown>; bytes: number }> {
  const contentType = request.headers.get('content-type') ?? '';
  if (!/^application\/json\s*(;|$)/i.test(contentType)) {
    // Named as v1 named it: the caller sees what its client sent (a form type, a missing header).
    throw new RequestProblem(415, `Content-Type must be application/json, got ${JSON.stringify(contentType.slice(0, 100))}`);
  }
  // Read as it stands, a compressed body is "not valid JSON": say what is not supported instead.
  const codings = contentCodingsOf(request.headers.get('content-encoding'));
  if (codings.length > 0) {
    throw new RequestProblem(415, `Content-Encoding ${quoted(codings.join(', '))} is not supported: send the body uncompressed`, {
      'accept-encoding': 'identity',
    });
  }
  // Decoding a declared charset as UTF-8 would turn its letters into U+FFFD and submit them as the subject's data.
  const charset = charsetOf(contentType);
  const decode = bodyTextDecoder(charset);
  if (!decode) throw new RequestProblem(415, `charset ${quoted(charset ?? '')} is not supported: send UTF-8`);
  const tooLarge = () => new RequestProblem(413, `the request body exceeds ${limit} bytes`, { connection: 'close' });
  if (Number(request.headers.get('content-length')) > limit) throw tooLarge();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    await readChunks();
    const text = decode(Buffer.concat(chunks));
    if (text === undefined) throw new RequestProblem(400, notValidIn(charset));
    return { body: parsedObject(text), bytes: size };
  } catch (error) {
    held.release(size);
    throw error;
  }

  async function readChunks(): Promise<void> {
    try {
      for await (const chunkAsSent of chunksOf(request)) {
        const chunk = bytesOfChunk(chunkAsSent);
        if (size + chunk.byteLength > limit) throw tooLarge();
        if (!held.take(chunk.byteLength)) {
          throw new RequestProblem(503, 'journey-bridge holds as many request bodies as it may at once: retry shortly', {
            'retry-after': '1',
            connection: 'close',
          });
        }
        size += chunk.byteLength;
        chunks.push(chunk);
      }
    } catch (error) {
      if (error instanceof RequestProblem || request.signal?.aborted) throw error;
      // The caller's own body stream failed (an in-process caller's stream that errors): its fault, not ours.
      throw new RequestProblem(400, 'the request body could not be read: its stream failed');
    }
  }
}

/** The JSON object a request body holds, or the 400 that says why it holds none. */
function parsedObject(text: string): Record<string, unknown> {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    // Never quote the body: it may carry identity data.
    throw new RequestProblem(400, 'the request body is not valid JSON');
  }
  if (body === null || typeof body !== 'object' || Array.isArray(body))
    throw new RequestProblem(400, 'the request body must be a JSON object');
  if (exceedsJsonDepth(body)) throw new RequestProblem(400, `the request body nests deeper than ${MAX_JSON_DEPTH} levels`);
  return body as Record<string, unknown>;
}

/**
 * The upstream's `Retry-After` on a 429 or 503, passed on to the v1 caller that its retries ran out for: the
 * specification's error table has v1 apps wait it out too. Only a well-formed value (seconds or an HTTP date).
 */
function retryAfterOf({ status, retryAfter }: JourneyApiError): Record<string, string> {
  if ((status !== 429 && status !== 503) || retryAfter === undefined) return {};
  const wellFormed = /^\d+$/.test(retryAfter) || !Number.isNaN(Date.parse(retryAfter));
  return wellFormed ? { 'retry-after': retryAfter } : {};
}

/** What describes the request a failure is answered for. */
interface FailedRequest {
  readonly operation: V1Operation | undefined;
  /** The caller's valid `X-Request-ID`, if it sent one. */
  readonly requestId: string | undefined;
  readonly signal: AbortSignal | undefined;
  /** Set once the request was handed to the adapter: its last upstream answer names the request to look for. */
  readonly context: CallContext | undefined;
}

/** A refusal, answered as such whatever happened since: the request was not acted on. */
const isRefusal = (error: unknown): boolean =>
  error instanceof RequestProblem || (error instanceof JourneyApiError && error.status !== undefined && error.status < 500);

/**
 * The frame an error was thrown at, from its stack with the `name: message` header cut off first: a message may
 * quote the input over several lines, one of them starting with "at". None when the stack does not start so.
 */
function thrownAt(error: Error): string | undefined {
  const header = `${error}`;
  if (!error.stack?.startsWith(header)) return undefined;
  return error.stack
    .slice(header.length)
    .split('\n')
    .find((line) => line.trimStart().startsWith('at '))
    ?.trim();
}

/**
 * The v1 answer for a failure of the adapter or of the upstream behind it; an unexpected one is told to `logger`.
 */
function failure(
  error: unknown,
  { operation, requestId, signal, context }: FailedRequest,
  logger: Pick<Logger, 'error'> | undefined,
): Response {
  const stopped = signal !== undefined && stoppedWaiting(signal);
  if (stopped && !isRefusal(error)) {
    // Never handed to the adapter (a body still arriving): nothing was sent, so a retry is safe.
    if (!context) {
      const answer = nothingSentFailure();
      return v1Json(answer.status, v1Error(answer.status, answer.message), requestId);
    }
    // The start's own answer names its journey's request; a call cut short names the one it sent.
    const sentId = context.upstreamRequestId ?? (error instanceof JourneyApiError ? error.requestId : undefined) ?? requestId;
    const answer = stoppedWaitingFailure(signal, operation === 'startJourney', sentId);
    return v1Json(answer.status, v1Error(answer.status, answer.message), sentId);
  }
  // Nobody reads this answer; 499 (nginx's "client closed request") keeps the metrics and logs honest.
  if (signal?.aborted && !stopped)
    return v1Json(499, { status: 499, message: 'the caller left before the answer', error: 'client-closed-request' }, requestId);
  if (error instanceof RequestProblem) return v1Json(error.status, v1Error(error.status, error.message), requestId, error.headers);
  if (error instanceof SaveStoreError) {
    // 503 either way: a retry is right, whether nothing was sent or the Save must be sent again.
    logger?.error('the save store failed: answered 503', {
      operation,
      taken: error.taken,
      error: { name: error.name, message: error.message },
    });
    return v1Json(503, v1Error(503, error.message), context?.upstreamRequestId ?? requestId, { 'retry-after': '1' });
  }
  // Nothing was sent: the other update of the task will be done by the time the caller retries.
  if (error instanceof TaskBusyError) return v1Json(503, v1Error(503, error.message), requestId, { 'retry-after': '1' });
  const upstreamRequestId = error instanceof JourneyApiError ? (error.requestId ?? requestId) : requestId;
  const answer = upstreamFailure(error, operation === 'startJourney', upstreamRequestId);
  if (answer) return v1Json(answer.status, v1Error(answer.status, answer.message), upstreamRequestId);
  if (error instanceof JourneyApiError && error.status !== undefined) {
    const body = error.v1Error ?? v1Error(error.status, 'the upstream refused the request');
    return v1Json(error.status, body, upstreamRequestId, retryAfterOf(error));
  }
  // The caller's 500 says nothing of why: without this line such a failure would leave no trace. Its name and where
  // it was thrown, not its message, which may quote the input (JSON.parse's does).
  const name = error instanceof Error ? error.name : typeof error;
  const at = error instanceof Error ? thrownAt(error) : undefined;
  logger?.error('v1 request failed unexpectedly: answered 500', { operation, error: { name, ...(at && { at }) } });
  return v1Json(500, v1Error(500, 'journey-bridge failed to handle the request'), requestId);
}

/**
 * A fetch-style handler that serves the v1 journey paths through a `V1Api`: the shared core of the
 * `journey-bridge serve` shim and the in-process interceptor. Every failure is a v1 error body; the caller's
 * token and `X-Request-ID` travel upstream, the upstream's `X-Request-ID` comes back.
 */
export function createV1HttpHandler({
  adapter,
  bodyLimitBytes = 10 * 1024 * 1024,
  bufferLimitBytes = 256 * 1024 * 1024,
  logger,
}: V1HttpHandlerOptions) {
  // Never below the body limit: a body the limit allows must fit while no other is held.
  const held = new HeldBodyBytes(Math.max(bufferLimitBytes, bodyLimitBytes));
  /** `unknownToV2`: answers a call the adapter failed because v2 does not know the journey it names. */
  return async function handleV1(request: Request | V1ServerRequest, unknownToV2?: () => Promise<Response>): Promise<Response> {
    const inbound = request.headers.get('x-request-id') ?? undefined;
    const callerRequestId = inbound && VALID_REQUEST_ID.test(inbound) ? inbound : undefined;
    const pathname = new URL(request.url).pathname;
    const operation = v1OperationOf(pathname);
    let heldBytes = 0;
    let context: CallContext | undefined;
    try {
      // The path is not quoted back: a caller's mistake may put an identifier in it.
      if (!operation) throw new RequestProblem(404, 'no v1 endpoint at this path');
      if (request.method !== 'POST') throw new RequestProblem(405, `${request.method} is not allowed: use POST`, { allow: 'POST' });
      const token = BEARER.exec(request.headers.get('authorization')?.trim() ?? '')?.[1];
      if (!token) throw new RequestProblem(401, 'the Authorization header must be "Bearer <access token>"');
      const { body, bytes } = await readBody(request, bodyLimitBytes, held);
      heldBytes = bytes;
      // Stopped or left while the body arrived: nothing goes upstream.
      request.signal?.throwIfAborted();
      context = {
        token,
        ...(callerRequestId && { requestId: callerRequestId }),
        ...(request.signal && { signal: request.signal }),
      };
      // The adapter validates the body as v1 did; it answers typed errors carrying the v1 body.
      const api = 'withContext' in adapter ? adapter.withContext(context) : adapter;
      const result = await api[operation](body as never);
      const answer = onTheWire(operation, result, context.statusSpelling);
      return v1Json(operation === 'startJourney' ? 201 : 200, answer, context.upstreamRequestId ?? callerRequestId);
    } catch (error) {
      if (unknownToV2 && context?.unknownToV2 === error && !request.signal?.aborted) return unknownToV2();
      return failure(error, { operation, requestId: callerRequestId, signal: request.signal, context }, logger);
    } finally {
      held.release(heldBytes);
    }
  };
}
