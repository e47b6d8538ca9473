import { createApiError, JourneyApiError } from '@journey-bridge/client';
import { TranslationError, toV1ErrorBody, v1ErrorIdForStatus } from '@journey-bridge/contract';

/**
 * The error the v1 client would have raised: a v2 error answer becomes the same typed error class carrying the
 * v1 body `{ status, message, error }`, with the upstream status, `X-Request-ID` and `Retry-After`. A v1 request the adapter
 * cannot carry over becomes the error v1 answered for it, carrying `upstreamRequestId`: the id of the last upstream
 * answer it was refused on, none when refused before any upstream call, and the `TranslationError` as its `cause`
 * (a cutover tells by it a refusal v1 would not have made). Connection errors and timeouts pass unchanged.
 */
export function asV1Error(error: unknown, upstreamRequestId?: string): unknown {
  if (error instanceof TranslationError) {
    const failure = createApiError(error.status, upstreamRequestId, {
      status: error.status,
      message: error.message,
      error: v1ErrorIdForStatus(error.status),
    });
    failure.cause = error;
    return failure;
  }
  if (error instanceof JourneyApiError && error.status !== undefined && error.errors.length > 0) {
    return createApiError(error.status, error.requestId, toV1ErrorBody(error.status, error.body), error.retryAfter);
  }
  return error;
}
