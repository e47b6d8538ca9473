import type { FileContext } from './file-context.js';
import type { TextEdit } from './types.js';

export const RUNTIME_MODULE = '@journey-bridge/codemod/runtime';
export const PARTICIPANTS_HELPER = 'participantsFor';

/** The import of the runtime helper, after the file's last import (or `require`), or nothing if it is there. */
export function helperImport(ctx: FileContext): TextEdit | undefined {
  if (ctx.imports.has(PARTICIPANTS_HELPER)) return undefined;
  const statements = ctx.ast.program.body;
  const imports = statements.filter(
    (statement) => statement.type === 'ImportDeclaration' || (ctx.usesRequire && ctx.text(statement).includes('require(')),
  );
  const last = imports[imports.length - 1];
  const line = ctx.usesRequire
    ? `const { ${PARTICIPANTS_HELPER} } = require(${ctx.str(RUNTIME_MODULE)});`
    : `import { ${PARTICIPANTS_HELPER} } from ${ctx.str(RUNTIME_MODULE)};`;
  const semicolonless = last !== undefined && !ctx.text(last).trimEnd().endsWith(';');
  const statement = semicolonless ? line.slice(0, -1) : line;
  if (last) return { file: ctx.file, start: last.end ?? 0, end: last.end ?? 0, text: `${ctx.eol}${statement}` };
  // After a shebang and directives such as 'use strict'.
  const directives = ctx.ast.program.directives;
  const after = directives[directives.length - 1]?.end ?? (ctx.source.startsWith('#!') ? ctx.source.indexOf('\n') : -1);
  if (after >= 0) return { file: ctx.file, start: after, end: after, text: `${ctx.eol}${statement}` };
  return { file: ctx.file, start: 0, end: 0, text: `${statement}${ctx.eol}` };
}
