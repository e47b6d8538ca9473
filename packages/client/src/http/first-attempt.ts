import { EventEmitter } from 'node:events';
import { type Dispatcher, request } from 'undici';
import { checkedStatus } from './network-error.js';
import { headerPairs } from './undici-fetch.js';

/** A first attempt's answer, read whole. */
export interface Answer {
  readonly status: number;
  readonly headers: Headers;
  readonly text: string;
}

/** Where a call's first attempt goes: the client's undici pool, or the `fetch` it was given. */
export type FirstAttemptTarget = { readonly dispatcher: Dispatcher } | { readonly fetch: typeof globalThis.fetch };

/** What a first attempt sends. */
export interface FirstAttempt {
  readonly url: string;
  readonly headers: Record<string, string>;
  readonly body: string;
  readonly timeoutMs: number;
  /** The caller's signal: an abort rejects with its reason. */
  readonly signal: AbortSignal | undefined;
}

const timedOut = (timeoutMs: number) => new DOMException(`no response within ${timeoutMs} ms`, 'TimeoutError');

/** undici's own timeouts, which end an exchange past the deadline (the caller was answered at the deadline). */
const UNDICI_TIMEOUTS = new Set(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT']);

/**
 * What ends an undici request when its attempt ends early: undici takes an `EventEmitter` with `aborted` and
 * `reason` as a signal, and one is a plain object, where an `AbortSignal` outlives young-generation GCs on Node 20.
 */
class AttemptAbort extends EventEmitter {
  aborted = false;
  reason: unknown;

  abort(reason: unknown): void {
    if (this.aborted) return;
    this.aborted = true;
    this.reason = reason;
    this.emit('abort');
  }
}

/**
 * Over the pool with `undici.request`: no `Response` (on Node 20 its body is a web stream) and no `AbortSignal` of
 * our own (on Node 20 every one outlives young-generation GCs, about 500 bytes promoted per call, measured). The
 * deadline is undici's `headersTimeout` and `bodyTimeout`, which free the connection, and a timer, which answers
 * the caller on time however the body trickles and aborts the request through `abort`, so one still waiting for a
 * connection is never sent after the caller was answered. A lost connection rejects with undici's error, never
 * resent here.
 */
async function viaUndici(dispatcher: Dispatcher, attempt: FirstAttempt, abort: AttemptAbort): Promise<Answer> {
  const { url, headers, body, timeoutMs } = attempt;
  try {
    const answer = await request(url, {
      dispatcher,
      method: 'POST',
      headers,
      body,
      signal: abort,
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
    });
    const text = await answer.body.text();
    return { status: checkedStatus(answer.statusCode), headers: new Headers(headerPairs(answer.headers)), text };
  } catch (error) {
    throw UNDICI_TIMEOUTS.has(String((error as { code?: unknown }).code)) ? timedOut(timeoutMs) : error;
  }
}

/** Through a fetch of the caller's, cancelled through `signal`. */
async function viaFetch(fetch: typeof globalThis.fetch, attempt: FirstAttempt, signal: AbortSignal): Promise<Answer> {
  const response = await fetch(attempt.url, { method: 'POST', headers: attempt.headers, body: attempt.body, signal });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

/**
 * Sends a call's first attempt outside ky and reads its answer whole. Past `timeoutMs` it rejects with a
 * `DOMException` named `TimeoutError`, as `AbortSignal.timeout` would; an abort of the caller's signal, with its
 * reason. Like ky's own deadline, neither waits for a fetch that ignores the abort.
 */
export function sendFirstAttempt(target: FirstAttemptTarget, attempt: FirstAttempt): Promise<Answer> {
  const { timeoutMs, signal } = attempt;
  signal?.throwIfAborted();
  // Cancelled, at the deadline or by the caller, through a controller of ours, or for undici its lighter stand-in.
  let controller: AbortController | AttemptAbort;
  let sent: Promise<Answer>;
  if ('fetch' in target) {
    const fetchController = new AbortController();
    controller = fetchController;
    sent = viaFetch(target.fetch, attempt, fetchController.signal);
  } else {
    const abort = new AttemptAbort();
    controller = abort;
    sent = viaUndici(target.dispatcher, attempt, abort);
  }
  return new Promise<Answer>((resolve, reject) => {
    const timer = setTimeout(() => {
      const error = timedOut(timeoutMs);
      controller.abort(error);
      reject(error);
    }, timeoutMs);
    const forwardAbort = () => {
      controller.abort(signal?.reason);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', forwardAbort, { once: true });
    sent.then(resolve, reject).finally(() => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', forwardAbort);
    });
  });
}

/** The answer as the `Response` ky takes over. */
export const responseOf = ({ status, headers, text }: Answer): Response => new Response(text, { status, headers });
