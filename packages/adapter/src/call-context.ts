import { AsyncLocalStorage } from 'node:async_hooks';
import type { Auth } from '@journey-bridge/client';

/** What one served v1 request carries into the adapter's v2 calls. */
export interface CallContext {
  /** The caller's bearer token, sent upstream by `callerToken()` auth. */
  readonly token?: string;
  /** The caller's `X-Request-ID`, forwarded upstream. */
  readonly requestId?: string;
  /** Aborts the upstream calls when the caller goes away. */
  readonly signal?: AbortSignal;
  /** Set by the adapter: the `X-Request-ID` of the last upstream answer, to return to the caller. */
  upstreamRequestId?: string;
}

const storage = new AsyncLocalStorage<CallContext>();

/** Runs `operation` with `context` visible to every adapter call it makes, however deep. */
export const runWithCallContext = <T>(context: CallContext, operation: () => T): T => storage.run(context, operation);

/** The context of the call being served, if any. */
export const currentCallContext = (): CallContext | undefined => storage.getStore();

/** Thrown when `callerToken()` auth is used outside `runWithCallContext` or without a token. */
export class MissingCallerTokenError extends Error {
  override name = 'MissingCallerTokenError';
}

/**
 * Auth that sends the token of the request being served, so the shim and the interceptor hold no credentials:
 * the caller's `Authorization` reaches v2 unchanged. A 401 is final (a replay would send the same token).
 */
export function callerToken(): Auth {
  return {
    connect: () => ({
      getToken: async () => {
        const token = storage.getStore()?.token;
        if (!token) throw new MissingCallerTokenError('no caller token: serve the call inside runWithCallContext({ token })');
        return token;
      },
      invalidate: () => false,
    }),
  };
}
