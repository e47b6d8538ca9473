import { JourneyApiError } from './journey-api-error.js';

/** 401: the access token was refused, also after one refresh and replay. Never retried further. */
export class AuthenticationError extends JourneyApiError {
  override name = 'AuthenticationError';
  declare readonly status: 401;
}
