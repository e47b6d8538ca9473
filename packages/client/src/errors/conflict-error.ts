import { brandErrorClass } from '@journey-bridge/contract';
import { JourneyApiError } from './journey-api-error.js';

/** 409: e.g. invalid data or an element already submitted (both 4003), or a journey that ended (4009). Never retried. */
export class ConflictError extends JourneyApiError {
  static {
    brandErrorClass(ConflictError, '@journey-bridge/client:ConflictError');
  }

  override name = 'ConflictError';
  declare readonly status: 409;
}
