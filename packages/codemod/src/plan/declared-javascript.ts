import { dirname, relative } from 'node:path';
import { type Site, settle } from './types.js';

/**
 * Sites that would change a JavaScript file a declaration file types (`index.d.ts` beside `index.js`, the `types` of
 * its package.json) stay v1 (`codemod.declaration-file`), and their flows with them. The codemod rewrites code, not
 * declarations: migrated, the file would answer v2 while its callers are still typed, and read, by the v1 shapes
 * the declarations give (`list.tasks` of a `TaskList`), so the output would no longer type-check, or would break at
 * run time where the types hid a read from the codemod.
 */
export function keepDeclaredJavaScript(sites: readonly Site[], declarationOf: (file: string) => string | undefined): void {
  for (const site of sites) {
    if (site.status !== 'migrated' && site.status !== 'needs-review') continue;
    const file = [site.file, ...site.edits.map((edit) => edit.file)].find((path) => declarationOf(path) !== undefined);
    const declaration = file && declarationOf(file);
    if (!file || !declaration) continue;
    const from = dirname(site.file);
    site.refusal ??= {
      rule: 'codemod.declaration-file',
      reason: `${file === site.file ? 'this file' : relative(from, file)} is typed by ${relative(from, declaration)}, which the codemod does not rewrite: migrated, its callers would read v2 answers by the v1 types declared there`,
      suggestion: `migrate ${relative(from, file)} and ${relative(from, declaration)} together by hand (the declarations to the v2 shapes), or run the codemod on code no declaration file types`,
    };
    settle(site);
  }
}
