import { brandErrorClass } from '@journey-bridge/contract';
import { JourneyApiError } from './journey-api-error.js';

/** 405: wrong HTTP method. Never retried. */
export class MethodNotAllowedError extends JourneyApiError {
  static {
    brandErrorClass(MethodNotAllowedError, '@journey-bridge/client:MethodNotAllowedError');
  }

  override name = 'MethodNotAllowedError';
  declare readonly status: 405;
}
