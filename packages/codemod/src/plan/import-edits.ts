import type { ImportDeclaration, Node } from '@babel/types';
import type { FileContext } from './file-context.js';
import type { TextEdit } from './types.js';

/**
 * Removes one specifier of an import, with the comma beside it; the whole statement (and its line break) when
 * it is the only one.
 */
export function removeImportSpecifier(ctx: FileContext, declaration: ImportDeclaration, specifier: Node): TextEdit {
  const { specifiers } = declaration;
  if (specifiers.length === 1) {
    const end = declaration.end ?? 0;
    const lineBreak = ctx.source.startsWith('\r\n', end) ? 2 : ctx.source.startsWith('\n', end) ? 1 : 0;
    return { file: ctx.file, start: declaration.start ?? 0, end: end + lineBreak, text: '' };
  }
  const index = specifiers.indexOf(specifier as ImportDeclaration['specifiers'][number]);
  const next = specifiers[index + 1];
  const previous = specifiers[index - 1];
  if (next) return { file: ctx.file, start: specifier.start ?? 0, end: next.start ?? 0, text: '' };
  return { file: ctx.file, start: previous?.end ?? specifier.start ?? 0, end: specifier.end ?? 0, text: '' };
}
