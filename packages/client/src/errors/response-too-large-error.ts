import { brandErrorClass } from '@journey-bridge/contract';
import { JourneyApiError } from './journey-api-error.js';

/**
 * The response body was larger than the transport accepts (`ClientOptions.http.maxResponseBytes`); it was cut
 * off unread. Not retried: the same request would get the same answer.
 */
export class ResponseTooLargeError extends JourneyApiError {
  static {
    brandErrorClass(ResponseTooLargeError, '@journey-bridge/client:ResponseTooLargeError');
  }

  override name = 'ResponseTooLargeError';
  declare readonly status: undefined;

  constructor(details: { requestId?: string | undefined; cause?: unknown }) {
    super(
      { ...details, status: undefined },
      `response body over the size limit${details.requestId ? ` [request ${details.requestId}]` : ''}`,
    );
  }
}
