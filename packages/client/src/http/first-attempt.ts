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
 * GC until the next full one (5.8 KB promoted per call through ky, 1.6 KB with this), and those GC pauses
 * are what a proxy's p99 is made of. An attempt that fails is handed to ky as its own first attempt, so retries,
 * backoff, `Retry-After`, the 401 replay and errors stay ky's.
 */
export function sendFirstAttempt(fetch: typeof globalThis.fetch, attempt: FirstAttempt): Promise<FirstAttemptOutcome> {
  const { signal, timeoutMs } = attempt;
  signal?.throwIfAborted();
  return new Promise((resolve, reject) => {
    // One controller and a timer: Node 20 ties AbortSignal.timeout and AbortSignal.any to finalizers too.
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
    fetch(attempt.url, { method: 'POST', headers: attempt.headers, body: attempt.body, signal: controller.signal })
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
