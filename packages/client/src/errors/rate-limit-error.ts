import { JourneyApiError } from './journey-api-error.js';

/** 429: over the admission or submit budget; raised once the retries that honour `Retry-After` are used up. */
export class RateLimitError extends JourneyApiError {
  override name = 'RateLimitError';
  declare readonly status: 429;
}
