import { brandErrorClass, isBrandedInstance } from '@journey-bridge/contract';

/** The root of every error `@journey-bridge/cutover` throws: `instanceof CutoverError` catches them all. */
export class CutoverError extends Error {
  static {
    brandErrorClass(CutoverError, '@journey-bridge/cutover:CutoverError');
  }

  /** Also true for an error made by this package's other build (ES module or CommonJS) or another copy of it. */
  static override [Symbol.hasInstance]<T>(this: abstract new (...args: never) => T, value: unknown): value is T {
    // biome-ignore lint/complexity/noThisInStatic: `this` is the class tested, a subclass as often as this one.
    return isBrandedInstance(this, value);
  }

  override name = 'CutoverError';
}
