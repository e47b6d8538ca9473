import { JourneyApiError } from './journey-api-error.js';

/** 405: wrong HTTP method. Never retried. */
export class MethodNotAllowedError extends JourneyApiError {
  override name = 'MethodNotAllowedError';
  declare readonly status: 405;
}
