import { brandErrorClass } from '@journey-bridge/contract';
import { JourneyApiError } from './journey-api-error.js';

/** 500: raised once the retries with exponential backoff are used up. */
export class InternalServerError extends JourneyApiError {
  static {
    brandErrorClass(InternalServerError, '@journey-bridge/client:InternalServerError');
  }

  override name = 'InternalServerError';
  declare readonly status: 500;
}
