import { brandErrorClass } from '@journey-bridge/contract';
import { JourneyApiError } from './journey-api-error.js';

/**
 * No response arrived: the connection failed or was reset. `requestId` is the id the client sent; `cause` is the
 * network error itself (`cause.code` `ECONNREFUSED`, `UND_ERR_SOCKET`, …), not fetch's `TypeError` around it.
 */
export class ConnectionError extends JourneyApiError {
  static {
    brandErrorClass(ConnectionError, '@journey-bridge/client:ConnectionError');
  }

  override name = 'ConnectionError';
  declare readonly status: undefined;

  constructor(details: { requestId?: string | undefined; cause?: unknown }, message = 'connection failed') {
    super({ ...details, status: undefined }, `${message}${details.requestId ? ` [request ${details.requestId}]` : ''}`);
  }
}
