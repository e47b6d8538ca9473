import type { Auth } from '@journey-bridge/client';
import { AdapterError } from './errors/adapter-error.js';

/** What one served v1 request carries into the adapter's v2 calls (see `V1Adapter.withContext`). */
export interface CallContext {
  /** The caller's bearer token, sent upstream instead of the client's own auth. */
  readonly token?: string;
  /** The caller's `X-Request-ID`, forwarded upstream. */
  readonly requestId?: string;
  /** Aborts the upstream calls when the caller goes away. */
  readonly signal?: AbortSignal;
  /** Set by the adapter: the `X-Request-ID` of the last upstream answer, to return to the caller. */
  upstreamRequestId?: string;
  /**
   * Set by the adapter on answers that carry a v1 status: how the v1 journey of the answer spells it (its dialect's
   * `statuses`), which the HTTP handler writes on the wire. The typed answer keeps the v1 enumeration.
   */
  statusSpelling?: string;
  /**
   * Set by the adapter to the failure it throws when v2 does not know the journey the call names (see
   * `unknownToV2`): a journey that may still be on v1, which the fetch interceptor then sends the call to. Only
   * that failure counts: one a wrapper (a cutover) throws after it, having tried v1 itself, does not.
   */
  unknownToV2?: unknown;
}

/** A client built with `callerToken()` auth was called without a caller's token. */
export class MissingCallerTokenError extends AdapterError {
  override name = 'MissingCallerTokenError';
}

/**
 * Auth for a client that only ever sends its callers' tokens (`withContext({ token })`), as the shim and the
 * interceptor do: they hold no credentials of their own. A call without a caller token fails with this error.
 */
export function callerToken(): Auth {
  return {
    connect: () => ({
      getToken: () => Promise.reject(new MissingCallerTokenError('no caller token: call through withContext({ token })')),
      invalidate: () => false,
    }),
  };
}
