import { dirname } from 'node:path';
import { nearestPackageJsonField } from '../files/package-json-field.js';
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
  return nearestPackageJsonField(dirname(ctx.file), 'type', packageTypes) === 'module' ? 'esm' : 'cjs';
}
