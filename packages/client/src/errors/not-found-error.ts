import { brandErrorClass } from '@journey-bridge/contract';
import { JourneyApiError } from './journey-api-error.js';

/** 404: unknown path, resource id, instance or task (check the region). Never retried. */
export class NotFoundError extends JourneyApiError {
  static {
    brandErrorClass(NotFoundError, '@journey-bridge/client:NotFoundError');
  }

  override name = 'NotFoundError';
  declare readonly status: 404;
}
