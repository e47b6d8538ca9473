/**
 * The helper module's source, `helpers/journey-v2.ts` of this package. Resolved from a module at the root of
 * `src/` because `src/*.ts` and the built `dist/*.mjs` and `dist/*.cjs` files all sit one level below the package.
 */
export const HELPER_SOURCE_URL: URL = new URL('../helpers/journey-v2.ts', import.meta.url);

/** Words the helper module's opening comment starts with, in every form it is written in (`.ts`, `.mjs`, `.cjs`, `.d.*ts`). */
const GENERATED_HEADER = 'Written by journey-codemod into a migrated project';

/** Whether `text` is a helper module an earlier run wrote: its functions call only what their callers pass them. */
export const isGeneratedHelperModule = (text: string): boolean => text.slice(0, 400).includes(GENERATED_HEADER);
