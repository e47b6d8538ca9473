import { JourneyApiError } from './journey-api-error.js';

/** No response arrived: the connection failed or was reset. `requestId` is the id the client sent. */
export class ConnectionError extends JourneyApiError {
  override name = 'ConnectionError';
  declare readonly status: undefined;

  constructor(details: { requestId?: string | undefined; cause?: unknown }, message = 'connection failed') {
    super({ ...details, status: undefined }, `${message}${details.requestId ? ` [request ${details.requestId}]` : ''}`);
  }
}
