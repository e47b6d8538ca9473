import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** `.js` → `.d.ts`, `.mjs` → `.d.mts`, `.cjs` → `.d.cts`: the declaration file TypeScript reads for it beside it. */
const JAVASCRIPT = /\.([mc]?)js$/;

/**
 * The declaration file that types the JavaScript file `file` for its callers, when there is one: the one beside it
 * (`index.d.ts` beside `index.js`), else the `types` (or `typings`) of the nearest package.json, which TypeScript
 * reads for the package instead of its code. The package's declarations may describe any of its files (through
 * `main`, `exports` or re-exports), so every JavaScript file of the package counts as typed by them. `undefined`
 * for any other file. `cache` holds the answers by directory, for one run.
 */
export function declarationFileOf(file: string, cache: Map<string, string | undefined>): string | undefined {
  const match = JAVASCRIPT.exec(file);
  if (!match) return undefined;
  const beside = `${file.slice(0, match.index)}.d.${match[1] ?? ''}ts`;
  return existsSync(beside) ? beside : packageTypes(dirname(file), cache);
}

/**
 * The declaration file the nearest package.json at or above `dir` names, below the root of the git repository.
 * The repository's own package.json is not asked: its `types` are for projects that import it by name, while its
 * own code imports its files by path (a JavaScript library that ships declarations is migrated like an app). A
 * package.json above the root is not the project's (a tool's own package, an app checked out inside it).
 */
function packageTypes(dir: string, cache: Map<string, string | undefined>): string | undefined {
  if (cache.has(dir)) return cache.get(dir);
  let types: string | undefined;
  const root = existsSync(join(dir, '.git'));
  const manifest = root ? undefined : readJson(join(dir, 'package.json'));
  if (manifest !== undefined) {
    const declared = manifest.types ?? manifest.typings;
    // Named but not shipped (a package.json copied with its code, the types left out): TypeScript reads the code.
    types = typeof declared === 'string' && existsSync(join(dir, declared)) ? join(dir, declared) : undefined;
  } else if (!root && dirname(dir) !== dir) types = packageTypes(dirname(dir), cache);
  cache.set(dir, types);
  return types;
}

/** The object a JSON file holds (none, `{}`, when it does not parse); `undefined` when there is no file. */
function readJson(path: string): Record<string, unknown> | undefined {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
