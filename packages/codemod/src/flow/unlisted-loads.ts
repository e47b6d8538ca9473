// Modules a file loads where the codemod lists no importer of their names, so that no caller of their functions is
// listed either: `import('./x')`, `import x = require('./x')`, a `require` that is not a module-level declaration.
import { walk } from '../parse/walk.js';
import type { Sources } from './sources.js';

/**
 * The files some file of `sources` loads where the codemod lists no importer of their
 * names: by `import('./…')`, by a `require('./…')` other than a module-level `const x = require(…)` (inside a
 * function, or under `as`, `satisfies`, `!`), or by TypeScript's `import x = require('./…')`. What is taken from such a
 * module is called where the codemod lists no caller, with anything. Read once, from the files that hold either word.
 */
export function filesLoadedUnlisted(sources: Sources): Set<string> {
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
