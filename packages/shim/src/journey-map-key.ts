const LATEST = '@latest';

/**
 * The key `map` has an entry for `v1` under: `v1` itself, else its other spelling (`id` for `id@latest` and back,
 * which are one journey); `undefined` when it has neither. Own keys only: a v1 id may be named `__proto__`.
 */
export function journeyMapKeyOf(map: object, v1: string): string | undefined {
  if (Object.hasOwn(map, v1)) return v1;
  const other = v1.endsWith(LATEST) ? v1.slice(0, -LATEST.length) : v1.includes('@') ? undefined : `${v1}${LATEST}`;
  return other !== undefined && Object.hasOwn(map, other) ? other : undefined;
}
