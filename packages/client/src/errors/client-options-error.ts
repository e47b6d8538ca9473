/** The options given to a client factory cannot work, e.g. a `baseUrl` that is not an absolute http(s) URL. */
export class ClientOptionsError extends TypeError {
  override name = 'ClientOptionsError';
}
