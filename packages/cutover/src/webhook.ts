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

/**
 * POSTs `notice` as JSON to `url`; a non-2xx answer is a failure. Bounded by `timeoutMs`. User information in the
 * URL (`https://user:token@hooks.example/…`, as many webhook receivers hand them out) is sent as Basic
 * authorization, which fetch would refuse to send it as.
 */
export async function postWebhook(
  url: string | URL,
  notice: RollbackNotice,
  fetch: typeof globalThis.fetch,
  timeoutMs: number,
): Promise<void> {
  const target = new URL(url);
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (target.username || target.password) {
    const credentials = `${decodeURIComponent(target.username)}:${decodeURIComponent(target.password)}`;
    headers.authorization = `Basic ${Buffer.from(credentials).toString('base64')}`;
    target.username = '';
    target.password = '';
  }
  const response = await fetch(target, {
    method: 'POST',
    headers,
    body: JSON.stringify(notice),
    signal: AbortSignal.timeout(timeoutMs),
  });
  await response.body?.cancel();
  if (!response.ok) throw new WebhookRefusedError(`the rollback webhook answered ${response.status}`);
}
