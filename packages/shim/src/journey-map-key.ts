import { bareId } from '@journey-bridge/contract';

/**
 * The key `map` has an entry for `v1` under, as a resolved map finds it: `v1` itself, else its bare id (every
 * version names the same journey), else `id@latest` for a bare `v1`; `undefined` when it has none. Own keys only: a
 * v1 id may be named `__proto__`.
 */
export function journeyMapKeyOf(map: object, v1: string): string | undefined {
  const latest = v1.includes('@') ? undefined : `${v1}@latest`;
  return [v1, bareId(v1), latest].find((key) => key !== undefined && Object.hasOwn(map, key));
}
