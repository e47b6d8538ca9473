import { brandErrorClass } from '@journey-bridge/contract';
import { JourneyClientError } from './journey-client-error.js';

/** The options given to a client factory cannot work, e.g. a `baseUrl` that is not an absolute http(s) URL. */
export class ClientOptionsError extends JourneyClientError {
  static {
    brandErrorClass(ClientOptionsError, '@journey-bridge/client:ClientOptionsError');
  }

  override name = 'ClientOptionsError';
}
