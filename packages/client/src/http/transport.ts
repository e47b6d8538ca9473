import ky, { HTTPError, isTimeoutError, type KyInstance, TimeoutError as KyTimeoutError } from 'ky';
import type { z } from 'zod';
import type { TokenProvider } from '../auth/token-provider.js';
import { ConnectionError } from '../errors/connection-error.js';
import type { JourneyApiError } from '../errors/journey-api-error.js';
import { TimeoutError } from '../errors/timeout-error.js';
import type { Log } from '../logging.js';
import { type EndpointRetry, kyRetryFor, type ResolvedRetryOptions } from '../retry-policy.js';
import { checkTimeoutMs } from '../timeout-ms.js';
import { type WithRequestId, withRequestId } from '../with-request-id.js';
import { type CallState, callStateOf, newCallState } from './call-state.js';
import { sendFirstAttempt } from './first-attempt.js';
import { keepAliveFetch } from './keep-alive-fetch.js';
import { parseValidated, readErrorBody } from './read-validated.js';
import type { RequestBody } from './request-body.js';

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
  readonly fetch: typeof globalThis.fetch | undefined;
  readonly timeoutMs: number;
  readonly retry: ResolvedRetryOptions;
  readonly log: Log;
  /** Supplies the bearer token; absent for the token endpoints themselves. */
  readonly tokens?: TokenProvider;
  /** The typed error for an error response. */
  readonly errorFor: (status: number, requestId: string | undefined, body: unknown) => JourneyApiError;
}

/**
 * ky's `fetch`. ky's requests carry no body of their own: on Node 20 a body on a `Request` is a web stream that ky
 * tees for every attempt and fetch pipes through one more stream, so each attempt sends the string the call holds.
 * A call whose first attempt was sent without ky (`sendFirstAttempt`) hands ky that attempt's outcome as ky's own
 * first attempt. Timeouts, aborts and retries stay ky's.
 */
function kyFetch(fetch: typeof globalThis.fetch, calls: WeakMap<Request, CallState>): typeof globalThis.fetch {
  return async (input, init) => {
    // A lookup, not `instanceof`: servers such as @hono/node-server swap the global Request class.
    const state = typeof input === 'object' ? calls.get(input as Request) : undefined;
    if (!state) return fetch(input, init);
    const { firstOutcome } = state;
    if (firstOutcome) {
      state.firstOutcome = undefined;
      if ('response' in firstOutcome) return firstOutcome.response;
      throw firstOutcome.timedOut ? new KyTimeoutError(input as Request) : firstOutcome.error;
    }
    const { url, method, headers, signal } = input as Request;
    return fetch(url, { ...init, method, headers, body: state.payload.text, signal });
  };
}

/**
 * One POST endpoint family over ky: bearer token and request id on every attempt, retries per endpoint policy,
 * the one replay after a 401, one log line per attempt, typed errors, validated responses. No `afterResponse`
 * hook: ky clones every response for one, which costs more than the rest of the client together.
 */
export class Transport {
  readonly #ky: KyInstance;
  readonly #config: TransportConfig;
  readonly #fetch: typeof globalThis.fetch;

  constructor(config: TransportConfig) {
    this.#config = config;
    this.#fetch = config.fetch ?? keepAliveFetch;
    const calls = new WeakMap<Request, CallState>();
    this.#ky = ky.create({
      prefixUrl: config.prefixUrl,
      timeout: config.timeoutMs,
      fetch: kyFetch(this.#fetch, calls),
      hooks: {
        beforeRequest: [
          async (request, options) => {
            const state = callStateOf(options);
            calls.set(request, state);
            // The first attempt already went out without ky: its outcome is replayed, not sent again.
            if (state.firstOutcome) return;
            for (const [name, value] of Object.entries(await this.#nextAttempt(state))) request.headers.set(name, value);
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

  /** POSTs `body` to `path` and returns the response body validated by `schema`, with its request id. */
  async post<T extends object>(
    path: string,
    body: RequestBody,
    schema: z.ZodType<T>,
    endpoint: EndpointRetry,
    call: CallOptions = {},
    state: CallState = newCallState(path, body),
  ): Promise<WithRequestId<T>> {
    if (call.requestId !== undefined) state.fixedRequestId = call.requestId;
    if (call.token !== undefined) state.fixedToken = call.token;
    const response = await this.#send(path, endpoint, call, state);
    state.requestId = response.headers.get('x-request-id') ?? state.requestId;
    const text = await response.text();
    this.#logAttempt(state, response.status, text);
    return withRequestId(parseValidated(text, response.status, schema, path, state.requestId), state.requestId);
  }

  /**
   * POSTs and returns the successful response unread; failures become typed errors. The first attempt goes out
   * without ky (see `sendFirstAttempt`); ky takes over from an attempt that did not succeed.
   */
  async #send(path: string, endpoint: EndpointRetry, call: CallOptions, state: CallState): Promise<Response> {
    const timeoutMs = call.timeoutMs === undefined ? this.#config.timeoutMs : checkTimeoutMs(call.timeoutMs, 'timeoutMs of the call');
    try {
      const first = await sendFirstAttempt(this.#fetch, {
        url: `${this.#config.prefixUrl}${path}`,
        headers: await this.#nextAttempt(state),
        body: state.payload.text,
        timeoutMs,
        signal: call.signal,
      });
      if ('response' in first && first.response.ok) return first.response;
      state.firstOutcome = first;
      return await this.#ky.post(path, {
        context: { call: state },
        retry: kyRetryFor(this.#config.retry, endpoint, state, this.#replayAfterUnauthorized),
        timeout: timeoutMs,
        ...(call.signal && { signal: call.signal }),
      });
    } catch (error) {
      throw await this.#toClientError(error, state, timeoutMs);
    }
  }

  async #toClientError(error: unknown, state: CallState, timeoutMs: number): Promise<unknown> {
    if (error instanceof HTTPError) {
      state.requestId = error.response.headers.get('x-request-id') ?? state.requestId;
      const body = await readErrorBody(error.response);
      this.#logAttempt(state, error.response.status, body);
      return this.#config.errorFor(error.response.status, state.requestId, body);
    }
    if (isTimeoutError(error)) {
      this.#logAttempt(state, undefined, error);
      return new TimeoutError({ requestId: state.requestId, cause: error, timeoutMs });
    }
    if (error instanceof Error && error.name === 'TypeError') {
      this.#logAttempt(state, undefined, error);
      return new ConnectionError({ requestId: state.requestId, cause: error });
    }
    return error;
  }

  /** One line per attempt; at debug level it also carries the redacted request and response bodies. */
  #logAttempt(state: CallState, status: number | undefined, outcome: unknown): void {
    const { log } = this.#config;
    const failed = status === undefined || status >= 400;
    if (!log.enabled(failed ? 'warn' : 'debug')) return;
    const durationMs = Math.round((performance.now() - state.startedAt) * 10) / 10;
    const result = status ?? (outcome instanceof Error ? outcome.name : 'error');
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

function parseLoosely(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
