import { WebhookRefusedError } from './errors/webhook-refused-error.js';

/** What a rollback webhook receives: no subject data, no instance ids. */
export interface RollbackNotice {
  readonly mapping: string;
  readonly from: string;
  readonly to: string;
  readonly reason: 'consistency' | 'error-rate' | 'kill';
  /** Consistency and error rates of the window that decided it. */
  readonly evidence: {
    readonly consistency: number | undefined;
    readonly pairs: number;
    readonly errorRate: { readonly v1: number | undefined; readonly v2: number | undefined };
  };
  /** ISO 8601. */
  readonly at: string;
}

/** POSTs `notice` as JSON to `url`; a non-2xx answer is a failure. Bounded by `timeoutMs`. */
export async function postWebhook(url: string, notice: RollbackNotice, fetch: typeof globalThis.fetch, timeoutMs: number): Promise<void> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(notice),
    signal: AbortSignal.timeout(timeoutMs),
  });
  await response.body?.cancel();
  if (!response.ok) throw new WebhookRefusedError(`the rollback webhook answered ${response.status}`);
}
