import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** The package.json fields the codemod reads. */
export type PackageJsonField = 'name' | 'type';

/**
 * A string field of the nearest package.json at or above `dir`, as Node finds it; `undefined` when that file does
 * not have it or does not parse (a package.json Node cannot read tells the codemod nothing it can trust), or when
 * there is none. `cache` holds answers by directory, for one run.
 */
export function nearestPackageJsonField(dir: string, field: PackageJsonField, cache: Map<string, string | undefined>): string | undefined {
  if (cache.has(dir)) return cache.get(dir);
  let value: string | undefined;
  const text = readText(join(dir, 'package.json'));
  if (text !== undefined) value = fieldOf(text, field);
  else if (dirname(dir) !== dir) value = nearestPackageJsonField(dirname(dir), field, cache);
  cache.set(dir, value);
  return value;
}

/** The nearest directory at or above `dir` that holds a package.json, as Node finds a package; `undefined` when none does. */
export function packageRootOf(dir: string, cache: Map<string, string | undefined>): string | undefined {
  if (cache.has(dir)) return cache.get(dir);
  const root = existsSync(join(dir, 'package.json')) ? dir : dirname(dir) !== dir ? packageRootOf(dirname(dir), cache) : undefined;
  cache.set(dir, root);
  return root;
}

function readText(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}

function fieldOf(text: string, field: PackageJsonField): string | undefined {
  try {
    const parsed: unknown = JSON.parse(text);
    const value = typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>)[field] : undefined;
    return typeof value === 'string' ? value : undefined;
  } catch {
    return undefined;
  }
}
