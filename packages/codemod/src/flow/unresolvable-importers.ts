import type { Function as FunctionNode } from '@babel/types';
import { isMember, propertyName } from '../parse/walk.js';
import { wholeWord } from '../parse/whole-word.js';
import { memberName } from './object-literals.js';
import type { Source, Sources } from './sources.js';

/** The name a function is exported or called by: `function name`, `const name =`, `exports.name =`, a method's key. */
function nameOf(source: Source, fn: FunctionNode): string | undefined {
  if (fn.type === 'FunctionDeclaration' && fn.id) return fn.id.name;
  const parent = source.parent(fn);
  if (parent?.type === 'VariableDeclarator' && parent.init === fn && parent.id.type === 'Identifier') return parent.id.name;
  if (parent?.type === 'AssignmentExpression' && parent.right === fn && isMember(parent.left)) return propertyName(parent.left);
  return memberName(source, fn);
}

/** The imports found for each name, by run: every answer a function returns asks again. */
const found = new WeakMap<Sources, Map<string, readonly { from: string; specifier: string }[]>>();

/**
 * An import of `fn` by a bare specifier the codemod cannot resolve (see `ModuleGraph.unresolvableImports`: a
 * bundler's alias such as `@/kyc`, a package not installed): it imports `fn`'s name (`import { name } from`,
 * `const { name } = require(…)`), or a whole module whose `name` it reads (`api.name`). That file may read what
 * `fn` answers in v1's shape, unseen. Files are parsed only when their text names `fn` at all.
 */
export function unresolvableImporterOf(
  sources: Sources,
  source: Source,
  fn: FunctionNode,
): { from: string; specifier: string } | undefined {
  const name = nameOf(source, fn);
  if (name === undefined) return undefined;
  const byName = found.get(sources) ?? new Map<string, readonly { from: string; specifier: string }[]>();
  found.set(sources, byName);
  let imports = byName.get(name);
  if (!imports) {
    imports = importsNaming(sources, name);
    byName.set(name, imports);
  }
  return imports.find((unresolvable) => unresolvable.from !== source.file);
}

/** The words of each file, by run: whether a file names a function is asked for every function, so split once. */
const wordSets = new WeakMap<Sources, Map<string, ReadonlySet<string>>>();

/** Whether `file`'s text has `name` as a word of its own. */
function names(sources: Sources, file: string, name: string): boolean {
  const byFile = wordSets.get(sources) ?? new Map<string, ReadonlySet<string>>();
  wordSets.set(sources, byFile);
  let words = byFile.get(file);
  if (!words) {
    words = new Set(sources.text(file)?.split(/[^\w$]+/));
    byFile.set(file, words);
  }
  return words.has(name);
}

/** The unresolvable imports that bring in `name`, in any file of the run. */
function importsNaming(sources: Sources, name: string): { from: string; specifier: string }[] {
  return sources.modules.unresolvableImports().filter((unresolvable) => {
    const text = sources.text(unresolvable.from);
    if (text === undefined || !names(sources, unresolvable.from, name)) return false;
    return [...(sources.get(unresolvable.from)?.ctx.imports ?? [])].some(([local, entry]) => {
      if (entry.specifier !== unresolvable.specifier) return false;
      if (entry.imported === name) return true;
      const whole = entry.imported === '*' || entry.imported === 'default';
      return whole && new RegExp(`${wholeWord(local)}\\s*\\??\\.\\s*${wholeWord(name)}`).test(text);
    });
  });
}
