/** The root of the errors the shim and its commands throw: `error instanceof ShimError` catches every one of them. */
export class ShimError extends Error {
  override name = 'ShimError';
}
