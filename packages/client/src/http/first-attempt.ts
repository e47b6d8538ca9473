/**
 * Sends a call's first attempt straight to `fetch`, outside ky, with the call's deadline and signal: `timeoutMs`
 * rejects with a `DOMException` named `TimeoutError` (as `AbortSignal.timeout` would), the signal with its
 * reason. Like ky's own deadline, neither waits for a fetch that ignores the abort.
 */
export function sendFirstAttempt(
  fetch: typeof globalThis.fetch,
  url: string,
  init: { readonly headers: Record<string, string>; readonly body: string },
  timeoutMs: number,
  signal: AbortSignal | undefined,
): Promise<Response> {
  return new Promise((resolve, reject) => {
    // One controller and a timer: on Node 20 `AbortSignal.timeout` and `AbortSignal.any` cost finalizers each.
    const controller = new AbortController();
    const timer = setTimeout(() => {
      const timedOut = new DOMException(`no response within ${timeoutMs} ms`, 'TimeoutError');
      controller.abort(timedOut);
      reject(timedOut);
    }, timeoutMs);
    const forwardAbort = () => {
      controller.abort(signal?.reason);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', forwardAbort, { once: true });
    fetch(url, { method: 'POST', ...init, signal: controller.signal })
      .then(resolve, reject)
      .finally(() => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', forwardAbort);
      });
  });
}
