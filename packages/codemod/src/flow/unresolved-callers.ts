import type { CallExpression, Function as FunctionNode } from '@babel/types';
import { isMember, propertyName, walk } from '../parse/walk.js';
import type { Functions } from './functions.js';
import { memberName } from './object-literals.js';
import type { Source, Sources } from './sources.js';

/**
 * Calls of a method (of a class or an object literal, `name() {}` or `name: function () {}`) by its name
 * (`sdk.pending(id)`) on a receiver the codemod cannot resolve to any function (an untyped parameter, a value
 * from a library): they may reach `fn`, or may not. The answer `fn` returns cannot be
 * followed into them, so the flow it belongs to cannot be shown whole. Looked for in `fn`'s file and in every file
 * that imports it, directly or through another importer, since only those can hold an instance of its class.
 */
export function unresolvedCallersOf(
  functions: Functions,
  sources: Sources,
  source: Source,
  fn: FunctionNode,
): { source: Source; call: CallExpression }[] {
  const name = memberName(source, fn);
  if (name === undefined) return [];
  const files = sources.modules.importedFrom(source.file);
  const found: { source: Source; call: CallExpression }[] = [];
  for (const file of files) {
    const where = sources.get(file);
    if (!where) continue;
    walk(where.ctx.ast.program, (node) => {
      if (node.type !== 'CallExpression') return;
      const { callee } = node;
      // `name()` of `const { name } = require(…)` from `fn`'s module, which exports an object the codemod cannot pin down.
      const imported = callee.type === 'Identifier' ? where.ctx.imports.get(callee.name) : undefined;
      const direct = imported?.imported === name && sources.modules.resolve(where.file, imported.specifier) === source.file;
      if (!direct && (!isMember(callee) || propertyName(callee) !== name)) return;
      // `this.name()` inside a class is resolved through that class, or is another class's own method.
      if (isMember(callee) && callee.object.type === 'ThisExpression') return;
      if (functions.calleeOf(where, node) === undefined) found.push({ source: where, call: node });
    });
  }
  return found;
}
