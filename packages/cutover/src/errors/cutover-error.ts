/** The root of every error `@journey-bridge/cutover` throws: `instanceof CutoverError` catches them all. */
export class CutoverError extends Error {
  override name = 'CutoverError';
}
