/** The root of every error `@journey-bridge/client` throws: `instanceof JourneyClientError` catches them all. */
export class JourneyClientError extends Error {
  override name = 'JourneyClientError';
}
