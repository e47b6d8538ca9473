import { readFileSync } from 'node:fs';
import type { API, FileInfo, Options } from 'jscodeshift';
import { applyEdits } from './edits/apply-edits.js';
import { parseSource } from './parse/parse-source.js';
import { planFile } from './plan/plan-file.js';
import { resolvePlans } from './plan/resolve.js';

const NO_IMPORTS = { resolved: {}, exports: {} };

/**
 * The same rewrite with jscodeshift's transform signature (`@journey-bridge/codemod/jscodeshift-transform`), for
 * tools that drive transforms one file at a time. Given one file, it cannot resolve constants imported from other
 * files, and the all-or-nothing decision stops at the file: the `journey-codemod` CLI does both, and is faster.
 * Options: `journeyMap` (a JSON file), `delivery` (`api` | `page`), `helpers` (`false` to mark instead).
 */
export default function transform(file: FileInfo, _api: API, options: Options): string | undefined {
  const parsed = parseSource(file.path, file.source);
  if (!parsed.ok) throw new Error(`cannot parse ${file.path}: ${parsed.error}`);
  const journeyMap =
    typeof options.journeyMap === 'string' ? (JSON.parse(readFileSync(options.journeyMap, 'utf8')) as Record<string, string>) : undefined;
  const plan = planFile(file.path, file.source, parsed.ast, NO_IMPORTS, {
    delivery: options.delivery === 'page' ? 'page' : 'api',
    journeyMap,
    helpers: options.helpers !== false && options.helpers !== 'false',
  });
  const eol = file.source.includes('\r\n') ? '\r\n' : '\n';
  const edits = resolvePlans([plan], () => eol).edits.get(file.path) ?? [];
  // `undefined` tells jscodeshift the file is unchanged.
  return edits.length > 0 ? applyEdits(file.path, file.source, edits) : undefined;
}
