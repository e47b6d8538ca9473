import type { ImportDeclaration, Node } from '@babel/types';
import type { FileContext } from './file-context.js';
import type { TextEdit } from './types.js';

/**
 * Removes one specifier of an import, with the comma beside it, when `removed` (the specifiers that go, it among
 * them) leaves others; the whole statement (and a line break beside it) when none is left. Specifiers removed side by side
 * go in one edit, the same for each of them, so no two removals overlap.
 */
export function removeImportSpecifier(
  ctx: FileContext,
  declaration: ImportDeclaration,
  specifier: Node,
  removed: ReadonlySet<Node> = new Set([specifier]),
): TextEdit {
  const { specifiers } = declaration;
  const goes = (node: Node | undefined) => node !== undefined && (node === specifier || removed.has(node));
  if (specifiers.every(goes)) {
    const start = declaration.start ?? 0;
    const end = declaration.end ?? 0;
    // The line break before it, so an import inserted right after the statement does not fall inside the removal.
    const before = ctx.source.slice(0, start).endsWith('\r\n') ? 2 : ctx.source.slice(0, start).endsWith('\n') ? 1 : 0;
    if (before > 0) return { file: ctx.file, start: start - before, end, text: '' };
    const after = ctx.source.startsWith('\r\n', end) ? 2 : ctx.source.startsWith('\n', end) ? 1 : 0;
    return { file: ctx.file, start, end: end + after, text: '' };
  }
  // The run of removed specifiers around this one, then the comma to the kept one after it, else before it.
  let first = specifiers.indexOf(specifier as ImportDeclaration['specifiers'][number]);
  let last = first;
  while (goes(specifiers[first - 1])) first--;
  while (goes(specifiers[last + 1])) last++;
  const next = specifiers[last + 1];
  const start = specifiers[first]?.start ?? 0;
  if (next) return { file: ctx.file, start, end: next.start ?? 0, text: '' };
  return { file: ctx.file, start: specifiers[first - 1]?.end ?? start, end: specifiers[last]?.end ?? 0, text: '' };
}
