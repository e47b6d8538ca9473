import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { FileContext } from '../plan/file-context.js';

export type ModuleKind = 'esm' | 'cjs';

/**
 * How Node loads a JavaScript file, so the helper import added to it is one it can run: `.mjs` and `.cjs` by
 * their extension; otherwise the module syntax the file already uses (adding more of the same cannot change how it
 * loads); a file that uses none by the `type` of its nearest package.json (`module`, else CommonJS, Node's default).
 * `packageTypes` caches the nearest package.json's type per directory for one run.
 */
export function moduleKindOf(ctx: FileContext, packageTypes: Map<string, string | undefined>): ModuleKind {
  if (ctx.file.endsWith('.mjs')) return 'esm';
  if (ctx.file.endsWith('.cjs')) return 'cjs';
  if (ctx.moduleSyntax) return ctx.moduleSyntax;
  return nearestPackageType(dirname(ctx.file), packageTypes) === 'module' ? 'esm' : 'cjs';
}

/** The `type` field of the nearest package.json above `dir`, as Node looks it up; `undefined` when it has none. */
function nearestPackageType(dir: string, cache: Map<string, string | undefined>): string | undefined {
  if (cache.has(dir)) return cache.get(dir);
  let type: string | undefined;
  const text = readPackageJson(join(dir, 'package.json'));
  if (text !== undefined) type = typeField(text);
  else if (dirname(dir) !== dir) type = nearestPackageType(dirname(dir), cache);
  cache.set(dir, type);
  return type;
}

function readPackageJson(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}

/** A package.json Node cannot parse has no type the codemod can trust: Node's default, CommonJS, is assumed. */
function typeField(text: string): string | undefined {
  try {
    const parsed: unknown = JSON.parse(text);
    const type = typeof parsed === 'object' && parsed !== null ? (parsed as { type?: unknown }).type : undefined;
    return typeof type === 'string' ? type : undefined;
  } catch {
    return undefined;
  }
}
