// A name bound to what `import('./x')` answers is a name imported from `./x`, as `import { name } from './x'` is.
import type { Identifier, Node } from '@babel/types';
import type { ImportBinding } from '../parse/import-bindings.js';
import type { Binding } from './scopes.js';
import type { Source } from './sources.js';

/** What wraps an expression without changing its value: `(…)`, `as T`, `!`. */
const WRAPPER = /^(ParenthesizedExpression|TSAsExpression|TSSatisfiesExpression|TSNonNullExpression|TSTypeAssertion)$/;

/**
 * The import `binding` is bound to by a dynamic import of a string: `const { f } = await import('./x')`,
 * `const lib = await import('./x')` (the namespace, `*`), or the first parameter of `import('./x').then(({ f }) => …)`.
 */
export function dynamicImportOf(source: Source, binding: Binding): ImportBinding | undefined {
  const { declaration } = binding;
  if (declaration.type === 'VariableDeclarator' && declaration.init) {
    const specifier = importedSpecifier(declaration.init);
    return specifier === undefined ? undefined : bound(specifier, declaration.id, binding.id, declaration);
  }
  // `import('./x').then(({ f }) => f(id))`: the callback's first parameter is the module.
  if (binding.kind !== 'param' || !('params' in declaration) || declaration.params[0] === undefined) return undefined;
  const then = source.parent(declaration);
  if (then?.type !== 'CallExpression' || then.arguments[0] !== declaration || then.callee.type !== 'MemberExpression') return undefined;
  if (then.callee.property.type !== 'Identifier' || then.callee.property.name !== 'then') return undefined;
  const specifier = importedSpecifier(then.callee.object);
  return specifier === undefined ? undefined : bound(specifier, declaration.params[0], binding.id, then);
}

/** `'./x'` of `import('./x')`, under any wrapper that keeps its value. */
function importedSpecifier(node: Node): string | undefined {
  let inner = node;
  for (;;) {
    if (inner.type === 'AwaitExpression') inner = inner.argument;
    else if (WRAPPER.test(inner.type) && 'expression' in inner) inner = inner.expression as Node;
    else break;
  }
  if (inner.type !== 'CallExpression' || inner.callee.type !== 'Import') return undefined;
  const [argument] = inner.arguments;
  return argument?.type === 'StringLiteral' ? argument.value : undefined;
}

/** The name `id` takes from the module `pattern` is bound to: a property's key, or `*` for the module itself. */
function bound(specifier: string, pattern: Node, id: Identifier, node: Node): ImportBinding | undefined {
  if (pattern.type === 'Identifier') return pattern === id ? { specifier, imported: '*', node } : undefined;
  if (pattern.type !== 'ObjectPattern') return undefined;
  for (const property of pattern.properties) {
    if (property.type !== 'ObjectProperty' || property.computed) continue;
    const value = property.value.type === 'AssignmentPattern' ? property.value.left : property.value;
    if (value !== id) continue;
    const key =
      property.key.type === 'Identifier' ? property.key.name : property.key.type === 'StringLiteral' ? property.key.value : undefined;
    return key === undefined ? undefined : { specifier, imported: key, node };
  }
  return undefined;
}
