/**
 * The helper module's source, `helpers/journey-v2.ts` of this package. Resolved from a module at the root of
 * `src/` because `src/*.ts` and the built `dist/*.mjs` and `dist/*.cjs` files all sit one level below the package.
 */
export const HELPER_SOURCE_URL: URL = new URL('../helpers/journey-v2.ts', import.meta.url);
