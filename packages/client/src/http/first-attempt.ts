import { acceptsTimeout } from './fetch-timeout.js';

/**
 * How a call's first attempt ended, for ky to take over when it did not succeed: its response, or the error it
 * got none with (`timedOut` when the attempt's own timeout cut it).
 */
export type FirstAttemptOutcome = { readonly response: Response } | { readonly error: unknown; readonly timedOut: boolean };

/** What the first attempt sends. */
export interface FirstAttempt {
  readonly url: string;
  readonly headers: Record<string, string>;
  readonly body: string;
  readonly timeoutMs: number;
  /** The caller's signal; an abort rejects with its reason, as ky would, and is never handed over. */
  readonly signal: AbortSignal | undefined;
}

/**
 * Sends a call's first attempt straight through `fetch`, without ky. Most calls succeed at once, and ky's
 * per-call `Request`, its clone and their signals are the bulk of the client's cost: on Node 20 undici ties each
 * `Request` to a `FinalizationRegistry` and a `WeakRef`, which keep the whole attempt alive through every minor
 * GC until the next full one, and those GC pauses are what a proxy's p99 is made of. A fetch that takes a
 * `timeout` of its own (the keep-alive fetch) gets the deadline as that, with no signal of ours at all (see
 * `ACCEPTS_TIMEOUT`); any other gets one controller and a timer. An attempt that fails is handed to ky as its
 * own first attempt, so retries, backoff, `Retry-After`, the 401 replay and errors stay ky's.
 */
export function sendFirstAttempt(fetch: typeof globalThis.fetch, attempt: FirstAttempt): Promise<FirstAttemptOutcome> {
  const { url, headers, body, signal, timeoutMs } = attempt;
  signal?.throwIfAborted();
  if (acceptsTimeout(fetch)) {
    return fetch(url, { method: 'POST', headers, body, timeout: timeoutMs, ...(signal && { signal }) }).then(
      (response) => ({ response }),
      (error: unknown) => {
        if (signal?.aborted) throw signal.reason;
        return { error, timedOut: error instanceof DOMException && error.name === 'TimeoutError' };
      },
    );
  }
  return new Promise((resolve, reject) => {
    // Node 20 ties AbortSignal.timeout and AbortSignal.any to finalizers too.
    const controller = new AbortController();
    // Like ky, the timeout does not wait for a fetch that ignores the abort.
    const timer = setTimeout(() => {
      controller.abort(new DOMException(`no response within ${timeoutMs} ms`, 'TimeoutError'));
      resolve({ error: controller.signal.reason, timedOut: true });
    }, timeoutMs);
    const forwardAbort = () => {
      controller.abort(signal?.reason);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', forwardAbort, { once: true });
    fetch(url, { method: 'POST', headers, body, signal: controller.signal })
      .then(
        (response) => {
          // Too late: free its connection.
          if (controller.signal.aborted) void response.body?.cancel().catch(() => {});
          resolve({ response });
        },
        (error: unknown) => resolve({ error, timedOut: false }),
      )
      .finally(() => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', forwardAbort);
      });
  });
}
