import { DeadlineExceededError } from './errors/deadline-exceeded-error.js';
import { JourneyApiError } from './errors/journey-api-error.js';
import { ResponseTooLargeError } from './errors/response-too-large-error.js';
import { ResponseValidationError } from './errors/response-validation-error.js';
import type { Log } from './logging.js';
import { sleep } from './sleep.js';

/** Options of `waitForResult` and `waitForInteraction`. */
export interface PollOptions<T> {
  /** Interval between polls while all goes well. @default 10000 (the specification's base interval) */
  intervalMs?: number;
  /** Ceiling of the interval while failures double it; it returns to `intervalMs` after a success. @default 60000 */
  maxIntervalMs?: number;
  /** Stops polling: the promise rejects with the signal's reason. */
  signal?: AbortSignal;
  /** Give up at this time (a `Date` or epoch ms on the client's `now` clock) with `DeadlineExceededError`. */
  deadline?: Date | number;
  /** Called with every answer, before it is judged; awaited when it returns a promise. */
  onProgress?: (value: T) => void | Promise<void>;
}

/** Failures worth waiting out: no response, 429 and 5xx. Everything else is the caller's to fix. */
export const isTransient = (error: unknown): boolean =>
  error instanceof JourneyApiError &&
  !(error instanceof ResponseValidationError || error instanceof ResponseTooLargeError) &&
  (error.status === undefined || error.status === 429 || error.status >= 500);

/**
 * Calls `read` until `done` says so. Waits `intervalMs` between answers, doubles the wait (up to
 * `maxIntervalMs`) after each transient failure and drops back after a success.
 */
export async function poll<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  options: PollOptions<T> & { what: string; now: () => number; log: Log },
): Promise<T> {
  const { intervalMs = 10_000, maxIntervalMs = 60_000, signal, onProgress, what, now, log } = options;
  const deadline = options.deadline instanceof Date ? options.deadline.getTime() : options.deadline;
  let wait = intervalMs;
  let last: T | undefined;
  for (;;) {
    signal?.throwIfAborted();
    try {
      last = await read();
      await onProgress?.(last);
      if (done(last)) return last;
      wait = intervalMs;
    } catch (error) {
      if (!isTransient(error)) throw error;
      wait = Math.min(maxIntervalMs, wait * 2);
      log.info(`polling ${what}: ${(error as Error).message}; next poll in ${wait} ms`);
    }
    const remaining = deadline === undefined ? wait : deadline - now();
    if (remaining <= 0) throw new DeadlineExceededError(`gave up waiting for ${what}: the deadline passed`, last);
    const waitMs = Math.min(wait, remaining);
    log.debug(`polling ${what}: next poll in ${waitMs} ms`, { waitMs });
    await sleep(waitMs, signal);
  }
}
