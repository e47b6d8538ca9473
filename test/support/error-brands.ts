/**
 * The error classes `first` exports (every subclass of `root`) that a class of the same name from `second`, another
 * load of the same package, is not an instance of: empty when every one carries its brand. Values of `second` are
 * made with `Object.create`, so no constructor's arguments matter.
 */
export function unbrandedErrorClasses(
  first: Record<string, unknown>,
  second: Record<string, unknown>,
  root: abstract new (...args: never) => Error,
): { checked: number; unbranded: string[] } {
  const errorClasses = Object.entries(first).filter(
    (entry): entry is [string, abstract new (...args: never) => Error] =>
      typeof entry[1] === 'function' && entry[1].prototype instanceof root,
  );
  const unbranded = errorClasses
    .filter(([name, errorClass]) => {
      const twin = second[name] as { prototype?: object } | undefined;
      return !(Object.create(twin?.prototype ?? null) instanceof errorClass);
    })
    .map(([name]) => name);
  return { checked: errorClasses.length, unbranded };
}
