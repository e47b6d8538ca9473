import { brandErrorClass } from '@journey-bridge/contract';
import { JourneyApiError } from './journey-api-error.js';

/** 503: raised once the retries that honour `Retry-After` are used up. */
export class ServiceUnavailableError extends JourneyApiError {
  static {
    brandErrorClass(ServiceUnavailableError, '@journey-bridge/client:ServiceUnavailableError');
  }

  override name = 'ServiceUnavailableError';
  declare readonly status: 503;
}
