import { brandErrorClass } from '@journey-bridge/contract';
import { JourneyApiError } from './journey-api-error.js';

/** 400: the request is wrong (a missing or invalid field). Fix the data; never retried. */
export class BadRequestError extends JourneyApiError {
  static {
    brandErrorClass(BadRequestError, '@journey-bridge/client:BadRequestError');
  }

  override name = 'BadRequestError';
  declare readonly status: 400;
}
