import ky, { HTTPError, isForceRetryError, isTimeoutError, type KyInstance } from 'ky';
import type { z } from 'zod';
import type { TokenProvider } from '../auth/token-provider.js';
import { ConnectionError } from '../errors/connection-error.js';
import type { JourneyApiError } from '../errors/journey-api-error.js';
import { TimeoutError } from '../errors/timeout-error.js';
import type { Log } from '../logging.js';
import { type EndpointRetry, kyRetryFor, type ResolvedRetryOptions } from '../retry-policy.js';
import { type WithRequestId, withRequestId } from '../with-request-id.js';
import { type CallState, callStateOf, newCallState } from './call-state.js';
import { readErrorBody, readValidated } from './read-validated.js';

/** Per-call options every client method accepts. */
export interface CallOptions {
  /** Aborts the call, its retries and the waits between them. */
  signal?: AbortSignal;
  /** Timeout of each attempt of this call, in ms. @default the client's `timeoutMs` */
  timeoutMs?: number;
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

/** What a request sends: a JSON body or a form. */
export type RequestBody = { json: unknown } | { form: URLSearchParams };

/**
 * One POST endpoint family over ky: bearer token and request id on every attempt, retries per endpoint policy,
 * the one replay after a 401, one log line per attempt, typed errors, validated responses.
 */
export class Transport {
  readonly #ky: KyInstance;
  readonly #config: TransportConfig;

  constructor(config: TransportConfig) {
    this.#config = config;
    const { tokens } = config;
    this.#ky = ky.create({
      prefixUrl: config.prefixUrl,
      timeout: config.timeoutMs,
      ...(config.fetch && { fetch: config.fetch }),
      hooks: {
        beforeRequest: [
          async (request, options) => {
            const state = callStateOf(options);
            state.attempt += 1;
            state.requestId = crypto.randomUUID();
            if (tokens) {
              state.token = await tokens.getToken();
              request.headers.set('authorization', `Bearer ${state.token}`);
            }
            request.headers.set('accept', 'application/json');
            request.headers.set('x-request-id', state.requestId);
            state.startedAt = performance.now();
          },
        ],
        afterResponse: [
          async (_request, options, response) => {
            const state = callStateOf(options);
            state.requestId = response.headers.get('x-request-id') ?? state.requestId;
            await this.#logAttempt(state, response.status, response);
            // 401: this token was refused. Forget it (and only it) and replay once with a fresh one.
            if (response.status === 401 && tokens && state.token !== undefined && !state.tokenReplayed) {
              if (tokens.invalidate(state.token)) {
                state.tokenReplayed = true;
                return ky.retry({ delay: 0, code: 'TOKEN_REJECTED' });
              }
            }
            return undefined;
          },
        ],
        beforeRetry: [
          async ({ error, options }) => {
            if (error instanceof HTTPError || isForceRetryError(error)) return;
            // No response: the attempt may or may not have been handled.
            const state = callStateOf(options);
            state.uncertain = true;
            await this.#logAttempt(state, undefined, error);
          },
        ],
      },
    });
  }

  /** POSTs `body` to `path` and returns the response body validated by `schema`, with its request id. */
  async post<T extends object>(
    path: string,
    body: RequestBody,
    schema: z.ZodType<T>,
    endpoint: EndpointRetry,
    call: CallOptions = {},
    state: CallState = newCallState(path, body),
  ): Promise<WithRequestId<T>> {
    const response = await this.send(path, body, endpoint, call, state);
    return withRequestId(await readValidated(response, schema, path, state.requestId), state.requestId);
  }

  /** POSTs and returns the successful response unread; failures become typed errors. */
  async send(path: string, body: RequestBody, endpoint: EndpointRetry, call: CallOptions, state: CallState): Promise<Response> {
    const timeoutMs = call.timeoutMs ?? this.#config.timeoutMs;
    try {
      return await this.#ky.post(path, {
        ...('json' in body ? { json: body.json } : { body: body.form }),
        context: { call: state },
        retry: kyRetryFor(this.#config.retry, endpoint, state),
        timeout: timeoutMs,
        ...(call.signal && { signal: call.signal }),
      });
    } catch (error) {
      throw await this.#toClientError(error, state, timeoutMs);
    }
  }

  async #toClientError(error: unknown, state: CallState, timeoutMs: number): Promise<unknown> {
    if (error instanceof HTTPError) {
      const requestId = error.response.headers.get('x-request-id') ?? state.requestId;
      return this.#config.errorFor(error.response.status, requestId, await readErrorBody(error.response));
    }
    if (isTimeoutError(error)) {
      await this.#logAttempt(state, undefined, error);
      return new TimeoutError({ requestId: state.requestId, cause: error, timeoutMs });
    }
    if (error instanceof Error && error.name === 'TypeError') {
      await this.#logAttempt(state, undefined, error);
      return new ConnectionError({ requestId: state.requestId, cause: error });
    }
    return error;
  }

  /** One line per attempt; at debug level it also carries the redacted request and response bodies. */
  async #logAttempt(state: CallState, status: number | undefined, outcome: Response | unknown): Promise<void> {
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
      if (outcome instanceof Response) fields.response = await readErrorBody(outcome.clone());
      else if (outcome instanceof Error) fields.error = outcome.message;
    }
    const message = `POST ${state.path} ${result} ${durationMs}ms attempt ${state.attempt} [request ${state.requestId}]`;
    if (failed) log.warn(message, fields);
    else log.debug(message, fields);
  }
}
