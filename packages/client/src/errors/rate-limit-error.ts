import { brandErrorClass } from '@journey-bridge/contract';
import { JourneyApiError } from './journey-api-error.js';

/** 429: over the admission or submit budget; raised once the retries that honour `Retry-After` are used up. */
export class RateLimitError extends JourneyApiError {
  static {
    brandErrorClass(RateLimitError, '@journey-bridge/client:RateLimitError');
  }

  override name = 'RateLimitError';
  declare readonly status: 429;
}
