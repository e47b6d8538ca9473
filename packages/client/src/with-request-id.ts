/** A parsed response that also carries the `X-Request-ID` of the exchange that produced it. */
export type WithRequestId<T> = T & { readonly requestId: string | undefined };

/**
 * Attaches `requestId` as a non-enumerable property: it is there to read and to log, but it stays out of
 * `JSON.stringify`, spreads and deep equality, so results still look like the wire shapes they are.
 */
export function withRequestId<T extends object>(value: T, requestId: string | undefined): WithRequestId<T> {
  Object.defineProperty(value, 'requestId', { value: requestId, enumerable: false, configurable: true });
  return value as WithRequestId<T>;
}
