import ky, { HTTPError, type KyInstance } from 'ky';
import type { Dispatcher } from 'undici';
import type { z } from 'zod';
import type { TokenProvider } from '../auth/token-provider.js';
import { ConnectionError } from '../errors/connection-error.js';
import type { JourneyApiError } from '../errors/journey-api-error.js';
import { JourneyClientError } from '../errors/journey-client-error.js';
import { ResponseTooLargeError } from '../errors/response-too-large-error.js';
import { TimeoutError } from '../errors/timeout-error.js';
import type { Log } from '../logging.js';
import { type EndpointRetry, kyRetryFor, type ResolvedRetryOptions } from '../retry-policy.js';
import { checkTimeoutMs } from '../timeout-ms.js';
import { type WithRequestId, withRequestId } from '../with-request-id.js';
import { type CallState, callStateOf, newCallState } from './call-state.js';
import { type Answer, type FirstAttemptTarget, responseOf, sendFirstAttempt } from './first-attempt.js';
import { isNetworkError, isResponseTooLarge, isTimeout, networkErrorOf } from './network-error.js';
import { parseValidated, readErrorBody } from './read-validated.js';
import type { RequestBody } from './request-body.js';

/** Error statuses that do not say the request was not handled: the service failed inside, or a gateway lost its answer. */
const UNCERTAIN_STATUSES: ReadonlySet<number> = new Set([500, 502, 504]);

/** Per-call options every client method accepts. */
export interface CallOptions {
  /** Aborts the call, its retries and the waits between them. */
  signal?: AbortSignal;
  /** Timeout of each attempt of this call, in ms. @default the client's `timeoutMs` */
  timeoutMs?: number;
  /**
   * `X-Request-ID` for every attempt of this call, e.g. the id of the request a proxy is serving, so one id
   * correlates both hops. @default a new UUID per attempt
   */
  requestId?: string;
  /**
   * Bearer token for this call instead of the client's `auth`, e.g. the token of the request a proxy is
   * serving. A 401 on it is final: there is no other token to replay with.
   */
  token?: string;
}

export interface TransportConfig {
  /** Absolute base every path is relative to, ending in `/`. */
  readonly prefixUrl: string;
  /** What ky's attempts are sent with: the client's undici fetch, or the `fetch` it was given. */
  readonly fetch: typeof globalThis.fetch;
  /** The client's undici pool, if it has one: first attempts go to it directly. */
  readonly dispatcher?: Dispatcher | undefined;
  readonly timeoutMs: number;
  readonly retry: ResolvedRetryOptions;
  readonly log: Log;
  /** Supplies the bearer token; absent for the token endpoints themselves. */
  readonly tokens?: TokenProvider;
  /** The typed error for an error response. */
  readonly errorFor: (status: number, requestId: string | undefined, body: unknown, retryAfter: string | undefined) => JourneyApiError;
}

/**
 * One POST endpoint family over ky: bearer token and request id on every attempt, retries per endpoint policy,
 * the one replay after a 401, one log line per attempt, typed errors, validated responses. No `afterResponse`
 * hook: ky clones every response for one, which costs more than the rest of the client together.
 */
export class Transport {
  readonly #ky: KyInstance;
  readonly #config: TransportConfig;
  readonly #firstAttemptTarget: FirstAttemptTarget;

  constructor(config: TransportConfig) {
    this.#config = config;
    this.#firstAttemptTarget = config.dispatcher ? { dispatcher: config.dispatcher } : { fetch: config.fetch };
    this.#ky = ky.create({
      prefixUrl: config.prefixUrl,
      timeout: config.timeoutMs,
      hooks: {
        beforeRequest: [
          async (_request, options, { retryCount }) => {
            // ky's first attempt is the one `#send` already made.
            if (retryCount > 0) {
              const state = callStateOf(options);
              state.headers = await this.#nextAttempt(state);
            }
          },
        ],
        beforeRetry: [
          async ({ error, options }) => {
            const state = callStateOf(options);
            if (error instanceof HTTPError) {
              state.requestId = error.response.headers.get('x-request-id') ?? state.requestId;
              // Read (for the debug line) or cancel: an unread body would hold its connection.
              const body = this.#config.log.enabled('debug') ? await readErrorBody(error.response) : await error.response.body?.cancel();
              this.#logAttempt(state, error.response.status, body);
              // A 500 or a gateway's 502/504 may come after the service took the request: its outcome is unknown.
              if (UNCERTAIN_STATUSES.has(error.response.status)) state.uncertain = true;
              return;
            }
            // No response: the attempt may or may not have been handled.
            state.uncertain = true;
            this.#logAttempt(state, undefined, error);
          },
        ],
      },
    });
  }

  /** Starts the next attempt of a call: its number, request id and token, and the headers it sends. */
  async #nextAttempt(state: CallState): Promise<Record<string, string>> {
    const { tokens } = this.#config;
    state.attempt += 1;
    state.requestId = state.fixedRequestId ?? crypto.randomUUID();
    const headers: Record<string, string> = {
      accept: 'application/json',
      'content-type': state.payload.contentType,
      'x-request-id': state.requestId,
    };
    if (state.fixedToken !== undefined || tokens) {
      state.token = state.fixedToken ?? (await tokens?.getToken());
      headers.authorization = `Bearer ${state.token}`;
    }
    state.startedAt = performance.now();
    return headers;
  }

  /** The API refused the token of this attempt: forget it and replay once, if a fresh token can be had. */
  #replayAfterUnauthorized = (state: CallState): boolean => {
    const { tokens } = this.#config;
    if (!tokens || state.fixedToken !== undefined || state.token === undefined || state.tokenReplayed || !tokens.invalidate(state.token)) {
      return false;
    }
    state.tokenReplayed = true;
    return true;
  };

  /**
   * POSTs `body` to `path` and returns the response body validated by `schema`, with its request id. Failures,
   * a body cut short included, become typed errors.
   */
  async post<T extends object>(
    path: string,
    body: RequestBody,
    schema: z.ZodType<T>,
    endpoint: EndpointRetry,
    call: CallOptions = {},
    state: CallState = newCallState(path, body),
  ): Promise<WithRequestId<T>> {
    const timeoutMs = call.timeoutMs === undefined ? this.#config.timeoutMs : checkTimeoutMs(call.timeoutMs, 'timeoutMs of the call');
    call.signal?.throwIfAborted();
    if (call.requestId !== undefined) state.fixedRequestId = call.requestId;
    if (call.token !== undefined) state.fixedToken = call.token;
    let answer: Answer;
    try {
      answer = await this.#send(path, endpoint, call, state, timeoutMs);
    } catch (error) {
      throw await this.#toClientError(error, state, timeoutMs);
    }
    const { status, headers, text } = answer;
    state.requestId = headers.get('x-request-id') ?? state.requestId;
    state.status = status;
    this.#logAttempt(state, status, text);
    return withRequestId(parseValidated(text, status, schema, path, state.requestId), state.requestId);
  }

  /**
   * A call's attempts, ending with a successful answer read whole. The first goes straight to the pool (or the
   * fetch), and most calls end there; ky runs only for a call whose first attempt did not succeed, and takes that
   * attempt as its own first (its per-call `fetch` answers with it), so retries, backoff, `Retry-After` and the
   * 401 replay stay ky's. Why: ky builds two `Request`s per call, each with an `AbortSignal` that Node 20 ties to a
   * `FinalizationRegistry`; through ky, a call took about twice the CPU (see docs/client.md#performance).
   */
  async #send(path: string, endpoint: EndpointRetry, call: CallOptions, state: CallState, timeoutMs: number): Promise<Answer> {
    const { fetch, prefixUrl } = this.#config;
    state.headers = await this.#nextAttempt(state);
    const attempt = { url: `${prefixUrl}${path}`, headers: state.headers, body: state.payload.text, timeoutMs, signal: call.signal };
    let first: Promise<Answer> | undefined = sendFirstAttempt(this.#firstAttemptTarget, attempt);
    const answer = await first.catch(() => undefined);
    if (answer && answer.status >= 200 && answer.status < 300) return answer;
    call.signal?.throwIfAborted();
    const response = await this.#ky.post(path, {
      context: { call: state },
      // ky's Request carries neither body nor headers. A body on it would be a web stream (on Node 20) that ky
      // tees for every attempt; headers on it go through `Headers`, whose error for an invalid value quotes it
      // (the token). Each attempt sends the call's text and the headers its `beforeRequest` hook made.
      fetch: (input) => {
        const replayed = first;
        first = undefined;
        if (replayed) return replayed.then(responseOf);
        // ky calls its fetch with the Request it built, which carries the attempt's URL and signal.
        const { url, signal } = input as Request;
        return fetch(url, { method: 'POST', headers: state.headers, body: state.payload.text, signal });
      },
      retry: kyRetryFor(this.#config.retry, endpoint, state, this.#replayAfterUnauthorized),
      timeout: timeoutMs,
      ...(call.signal && { signal: call.signal }),
    });
    return { status: response.status, headers: response.headers, text: await response.text() };
  }

  async #toClientError(error: unknown, state: CallState, timeoutMs: number): Promise<unknown> {
    if (error instanceof HTTPError) {
      state.requestId = error.response.headers.get('x-request-id') ?? state.requestId;
      const body = await readErrorBody(error.response);
      this.#logAttempt(state, error.response.status, body);
      return this.#config.errorFor(error.response.status, state.requestId, body, error.response.headers.get('retry-after') ?? undefined);
    }
    // The token provider's own error (a TokenEndpointError): already a client error, told once by the token
    // endpoint's transport, and not this endpoint's connection failure though its cause may be a network error.
    if (error instanceof JourneyClientError) return error;
    const client = isTimeout(error)
      ? new TimeoutError({ requestId: state.requestId, cause: error, timeoutMs })
      : isResponseTooLarge(error)
        ? new ResponseTooLargeError({ requestId: state.requestId, cause: error })
        : isNetworkError(error)
          ? new ConnectionError({ requestId: state.requestId, cause: networkErrorOf(error) })
          : undefined;
    // Anything else (an abort's reason, a bug) is the caller's own and goes on as it is.
    if (client) this.#logAttempt(state, undefined, error);
    return client ?? error;
  }

  /**
   * One line per attempt; at debug level it also carries the redacted request and response bodies. A failure
   * with no status is named as `failureName` says.
   */
  #logAttempt(state: CallState, status: number | undefined, outcome: unknown): void {
    const { log } = this.#config;
    const failed = status === undefined || status >= 400;
    if (!log.enabled(failed ? 'warn' : 'debug')) return;
    const durationMs = Math.round((performance.now() - state.startedAt) * 10) / 10;
    const result = status ?? failureName(outcome);
    const fields: Record<string, unknown> = {
      method: 'POST',
      path: state.path,
      status: status ?? null,
      durationMs,
      attempt: state.attempt,
      requestId: state.requestId,
    };
    if (log.enabled('debug')) {
      if ('json' in state.body) fields.request = state.body.json;
      if (outcome instanceof Error) fields.error = outcome.message;
      else fields.response = typeof outcome === 'string' ? parseLoosely(outcome) : outcome;
    }
    const message = `POST ${state.path} ${result} ${durationMs}ms attempt ${state.attempt} [request ${state.requestId}]`;
    if (failed) log.warn(message, fields);
    else log.debug(message, fields);
  }
}

/**
 * How an attempt that failed with no status is named in its log line: by its network error where that has a name
 * of its own (`ProxyTunnelError`, `SocketError`), else by the client error it becomes, never by fetch's `TypeError`.
 */
function failureName(error: unknown): string {
  if (isTimeout(error)) return TimeoutError.name;
  if (isResponseTooLarge(error)) return ResponseTooLargeError.name;
  if (!isNetworkError(error)) return error instanceof Error ? error.name : 'error';
  const cause = networkErrorOf(error);
  return cause instanceof Error && cause.name !== 'Error' && cause.name !== 'TypeError' ? cause.name : ConnectionError.name;
}

function parseLoosely(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
