import { brandErrorClass, isBrandedInstance } from './error-brand.js';

/** The root of every error `@journey-bridge/contract` throws: `instanceof ContractError` catches them all. */
export class ContractError extends Error {
  static {
    brandErrorClass(ContractError, '@journey-bridge/contract:ContractError');
  }

  /** Also true for an error made by this package's other build (ES module or CommonJS) or another copy of it. */
  static override [Symbol.hasInstance]<T>(this: abstract new (...args: never) => T, value: unknown): value is T {
    // biome-ignore lint/complexity/noThisInStatic: `this` is the class tested, a subclass as often as this one.
    return isBrandedInstance(this, value);
  }

  override name = 'ContractError';
}
