/**
 * Each package ships an ES module and a CommonJS build, and an app can load both (a CommonJS app whose tests run
 * under vitest, `createRequire`) or two copies of a package. Each load has its own classes, so plain `instanceof`
 * would not know an error thrown by the other one. Error classes therefore carry a brand under a symbol from the
 * global registry, which every load shares, and their root class tests the brand in `Symbol.hasInstance`.
 */
const BRAND = Symbol.for('@journey-bridge/error-brand');

/**
 * Gives `errorClass` its brand (`"<package>:<class name>"`), which must be the same in every build and copy and
 * differ from every other class's. Call it from the class's `static {}` block.
 */
export function brandErrorClass(errorClass: abstract new (...args: never) => unknown, brand: string): void {
  Object.defineProperty(errorClass, BRAND, { value: brand });
}

/**
 * `value instanceof errorClass` across builds and copies: true when `value` was made by `errorClass` or a
 * subclass, or by a class from another load that carries the same brand (or extends one that does). A class
 * without a brand of its own, such as an app's subclass of a branded error, is tested by its prototype chain only.
 */
export function isBrandedInstance(errorClass: abstract new (...args: never) => unknown, value: unknown): boolean {
  if (Function.prototype[Symbol.hasInstance].call(errorClass, value)) return true;
  const brand = Object.getOwnPropertyDescriptor(errorClass, BRAND)?.value;
  if (typeof brand !== 'string' || typeof value !== 'object' || value === null) return false;
  for (let prototype: object | null = Object.getPrototypeOf(value); prototype; prototype = Object.getPrototypeOf(prototype)) {
    const madeBy: unknown = Object.getOwnPropertyDescriptor(prototype, 'constructor')?.value;
    if (typeof madeBy === 'function' && Object.getOwnPropertyDescriptor(madeBy, BRAND)?.value === brand) return true;
  }
  return false;
}
