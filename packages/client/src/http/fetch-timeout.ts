/**
 * A fetch that takes `timeout` (ms) in its init, as node-fetch did, declares it under this key. A deadline as an
 * option costs a timer; as a signal, on Node 20, it costs an `AbortSignal`, which outlives young-generation GCs
 * however short its life: a few hundred bytes per request that only a full GC frees, and full GC pauses are what
 * a proxy's p99 is made of. `Symbol.for`, so that two copies of the client agree.
 */
export const ACCEPTS_TIMEOUT = Symbol.for('journey-bridge.fetch.accepts-timeout');

/** `RequestInit` with the deadline such a fetch honours. */
export interface TimeoutRequestInit extends RequestInit {
  /**
   * Deadline of the whole exchange (response headers and body) in ms: past it the request is cut and the
   * fetch rejects with a `DOMException` named `TimeoutError`, as under `AbortSignal.timeout`.
   */
  timeout?: number;
}

/** A fetch that honours `timeout` in its init. */
export type TimeoutFetch = ((input: RequestInfo | URL, init?: TimeoutRequestInit) => Promise<Response>) & {
  readonly [ACCEPTS_TIMEOUT]: true;
};

/** Whether `fetch` declares that it honours `timeout`; a wrapper that passes init through may copy the mark. */
export const acceptsTimeout = (fetch: typeof globalThis.fetch): fetch is typeof globalThis.fetch & TimeoutFetch =>
  (fetch as Partial<TimeoutFetch>)[ACCEPTS_TIMEOUT] === true;
