import { brandErrorClass } from '@journey-bridge/contract';
import { JourneyApiError } from './journey-api-error.js';

/** 401: the access token was refused, also after one refresh and replay. Never retried further. */
export class AuthenticationError extends JourneyApiError {
  static {
    brandErrorClass(AuthenticationError, '@journey-bridge/client:AuthenticationError');
  }

  override name = 'AuthenticationError';
  declare readonly status: 401;
}
