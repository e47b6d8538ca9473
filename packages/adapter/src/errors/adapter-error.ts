/** The root of every error `@journey-bridge/adapter` throws: `instanceof AdapterError` catches them all. */
export class AdapterError extends Error {
  override name = 'AdapterError';
}
