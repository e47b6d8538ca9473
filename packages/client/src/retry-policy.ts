import { HTTPError, type RetryOptions as KyRetryOptions } from 'ky';
import type { CallState } from './http/call-state.js';
import { isNetworkError, isTimeout } from './http/network-error.js';

/** How failed attempts are retried. The one replay after a 401 is separate and never counts here. */
export interface RetryOptions {
  /** Retries after the first attempt. @default 2 */
  limit?: number;
  /** Delay before the first retry without `Retry-After`; doubles with every further retry. @default 500 */
  baseDelayMs?: number;
  /** Ceiling of that exponential backoff. @default 8000 */
  maxDelayMs?: number;
  /** Longest `Retry-After` (429, 503) waited for; a longer one is cut to this. @default 60000 */
  maxRetryAfterMs?: number;
  /** Full jitter on backoff delays, so many clients do not retry in step. Never applied to `Retry-After`. @default true */
  jitter?: boolean;
}

export type ResolvedRetryOptions = Readonly<Required<RetryOptions>>;

export const DEFAULT_RETRY: ResolvedRetryOptions = {
  limit: 2,
  baseDelayMs: 500,
  maxDelayMs: 8000,
  maxRetryAfterMs: 60_000,
  jitter: true,
};

export function resolveRetryOptions(options: RetryOptions = {}): ResolvedRetryOptions {
  const defined = Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined));
  return { ...DEFAULT_RETRY, ...defined };
}

/**
 * What may be retried on one endpoint. `replayUncertain`: whether an attempt whose outcome is unknown (connection
 * lost, timeout) may be sent again. Journey start must not: it could create a second journey.
 */
export interface EndpointRetry {
  readonly statusCodes: readonly number[];
  readonly replayUncertain: boolean;
}

/** The specification's table: 500 with backoff; 503 and 429 after `Retry-After`; gateway errors like 500. */
const TRANSIENT = [429, 500, 502, 503, 504] as const;

export const ENDPOINT_RETRY = {
  /** Reads: state fetch, interaction fetch, task list and schema. */
  read: { statusCodes: TRANSIENT, replayUncertain: true },
  /** Submit and task update: replayed; what a 409 on the replay means is read from the journey (see `submitInteraction`). */
  submit: { statusCodes: TRANSIENT, replayUncertain: true },
  /** Start: only answers that say the journey was not admitted (429, 503); never a blind replay. */
  start: { statusCodes: [429, 503], replayUncertain: false },
  /** Token requests create nothing the caller could see twice. */
  token: { statusCodes: TRANSIENT, replayUncertain: true },
} as const satisfies Record<string, EndpointRetry>;

/** Exponential backoff before jitter: `baseDelayMs * 2^(retry - 1)`, capped at `maxDelayMs`. */
export const backoffDelay = (retry: number, options: ResolvedRetryOptions): number =>
  Math.min(options.maxDelayMs, options.baseDelayMs * 2 ** Math.max(0, retry - 1));

/**
 * The policy as ky's retry options for one call. ky's budget gets one extra retry for the token replay, which
 * `shouldRetry` charges to no budget. `shouldRetry` runs before ky's status and `Retry-After` rules: it decides
 * attempts without a response itself and hands error statuses back to them (`undefined`).
 */
export function kyRetryFor(
  options: ResolvedRetryOptions,
  endpoint: EndpointRetry,
  state: CallState,
  replayAfterUnauthorized: (state: CallState) => boolean,
): KyRetryOptions {
  const errorRetries = (retryCount: number) => retryCount - (state.tokenReplayed ? 1 : 0);
  let replayNow = false;
  return {
    limit: options.limit + 1,
    methods: ['post'],
    statusCodes: [...endpoint.statusCodes],
    afterStatusCodes: [429, 503],
    maxRetryAfter: options.maxRetryAfterMs,
    backoffLimit: options.maxDelayMs,
    delay: (retryCount) => (replayNow ? 0 : backoffDelay(errorRetries(retryCount), options)),
    jitter: options.jitter || undefined,
    shouldRetry: ({ error, retryCount }) => {
      replayNow = false;
      // 401: replayed at once with a fresh token, once, outside the retry budget.
      if (error instanceof HTTPError && error.response.status === 401) {
        replayNow = replayAfterUnauthorized(state);
        return replayNow;
      }
      if (errorRetries(retryCount) > options.limit) return false;
      if (error instanceof HTTPError) return undefined;
      // No response: the outcome is unknown, so only where a replay cannot do the work twice.
      return endpoint.replayUncertain && (isTimeout(error) || isNetworkError(error));
    },
  };
}
