import { JourneyClientError } from './journey-client-error.js';

/** The options given to a client factory cannot work, e.g. a `baseUrl` that is not an absolute http(s) URL. */
export class ClientOptionsError extends JourneyClientError {
  override name = 'ClientOptionsError';
}
