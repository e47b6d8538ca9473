// A name bound to what `import('./x')` answers is a name imported from `./x`, as `import { name } from './x'` is.
import type { Identifier, Node } from '@babel/types';
import type { ImportBinding } from '../parse/import-bindings.js';
import { walk } from '../parse/walk.js';
import type { Binding } from './scopes.js';
import type { Source, Sources } from './sources.js';

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

/**
 * The files some file of `sources` loads where the codemod lists no importer of their
 * names: by `import('./…')`, by a `require('./…')` other than a module-level `const x = require(…)` (inside a
 * function, or under `as`, `satisfies`, `!`), or by TypeScript's `import x = require('./…')`. What is taken from such a
 * module is called where the codemod lists no caller, with anything. Read once, from the files that hold either word.
 */
export function dynamicallyImportedFiles(sources: Sources): Set<string> {
  const loaded = new Set<string>();
  for (const from of sources.files()) {
    const text = sources.text(from) ?? '';
    const add = (specifier: string) => {
      const file = sources.modules.resolve(from, specifier);
      if (file !== undefined) loaded.add(file);
    };
    // Read from the text, so that the files the prefilter skips are not parsed for it: a `require` on a line of its
    // own at the top of the module (`const x = require('./x');`) is one the codemod lists; any other is not.
    for (const line of text.includes('require(') ? text.split('\n') : []) {
      for (const [, specifier = ''] of line.matchAll(/require\(\s*['"]([^'"]+)['"]\s*\)/g)) if (!LISTED_REQUIRE.test(line)) add(specifier);
    }
    if (!text.includes('import(')) continue;
    const source = sources.get(from);
    if (!source) continue;
    walk(source.ctx.ast.program, (node) => {
      if (node.type !== 'CallExpression' || node.callee.type !== 'Import') return;
      const [argument] = node.arguments;
      if (argument?.type === 'StringLiteral') add(argument.value);
    });
  }
  return loaded;
}

/** `const x = require('./x');` or `const { a, b } = require('./x');` at the start of a line: a top-level require. */
const LISTED_REQUIRE = /^(?:const|let|var)\s+(?:[\w$]+|\{[^}]*\})\s*=\s*require\(\s*['"][^'"]+['"]\s*\);?\s*$/;

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
