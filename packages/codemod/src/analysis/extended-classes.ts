import type { Node } from '@babel/types';
import { importBindings } from '../parse/import-bindings.js';
import { nameWrites } from '../parse/name-writes.js';
import { isMember, propertyName, walk } from '../parse/walk.js';
import type { ParsedModule } from './imported-constants.js';
import type { ModuleGraph } from './module-graph.js';

/** Words without which a file can neither extend a class nor change a prototype: a file lacking all is not parsed. */
const INHERITING = /\b(?:extends|prototype|inherits|setPrototypeOf|__proto__)\b/;

/** Any file of the run may be the one extended. */
const ANY = Symbol('any file');

/**
 * The files among `candidates` whose classes another file of the run may extend or patch, so that a method may run
 * other code than its body shows. It is so when a file of the run (among `texts`) extends a class or touches a
 * prototype of something imported from the file itself or from a file that imports it (a re-export), of something
 * whose origin it cannot tell (a parameter, a mixin's call, an import a bundler resolves), or inherits the old way
 * (`util.inherits`, `setPrototypeOf`, `__proto__`). A CommonJS module exports its class without a sign of it in the
 * class, so only the rest of the run can say whether a subclass replaces a method.
 */
export function classesExtendedElsewhere(
  candidates: readonly string[],
  texts: ReadonlyMap<string, string>,
  modules: ModuleGraph,
  parse: (file: string) => ParsedModule | undefined,
): string[] {
  const withClasses = candidates.filter((file) => /\bclass\b/.test(texts.get(file) ?? ''));
  if (withClasses.length === 0) return [];
  const extended = new Set<string | typeof ANY>();
  for (const [file, text] of texts) {
    if (!INHERITING.test(text)) continue;
    for (const target of extendedBy(file, modules, parse)) extended.add(target);
  }
  if (extended.size === 0) return [];
  return withClasses.filter(
    (file) => extended.has(ANY) || [file, ...transitiveImporters(file, modules)].some((each) => extended.has(each)),
  );
}

/** The files whose exports `file` extends or patches, as far as it can tell: `ANY` when it cannot. */
function extendedBy(file: string, modules: ModuleGraph, parse: (file: string) => ParsedModule | undefined): Set<string | typeof ANY> {
  const module = parse(file);
  // Unparsed, it may do anything.
  if (!module) return new Set([ANY]);
  const program = module.ast.program;
  const imports = importBindings(program);
  // Only bindings: `Own.prototype.x = …` gives the file's own class a method, it does not make `Own` another value.
  const bindings = nameWrites(program, { propertyWrites: false });
  const declared = new Set(
    program.body.flatMap((statement) => {
      const declaration =
        statement.type === 'ExportNamedDeclaration' || statement.type === 'ExportDefaultDeclaration' ? statement.declaration : statement;
      return (declaration?.type === 'ClassDeclaration' || declaration?.type === 'FunctionDeclaration') && declaration.id
        ? [declaration.id.name]
        : [];
    }),
  );
  /** Where the value `node` may come from: an imported file of the run, any, or none (a global, a package, the file's own). */
  const originOf = (node: Node): string | typeof ANY | undefined => {
    const root = rootName(node);
    if (root === undefined || /^(?:module|exports|require)$/.test(root)) return ANY;
    const binding = imports.get(root);
    if (binding) return modules.mayLeadIntoRun(file, binding.specifier) ? (modules.resolve(file, binding.specifier) ?? ANY) : undefined;
    if (bindings.get(root) === 0) return undefined;
    return bindings.get(root) === 1 && declared.has(root) ? undefined : ANY;
  };
  const targets = new Set<string | typeof ANY>();
  walk(program, (node) => {
    let origin: string | typeof ANY | undefined;
    if ((node.type === 'ClassDeclaration' || node.type === 'ClassExpression') && node.superClass) origin = originOf(node.superClass);
    else if (isMember(node) && propertyName(node) === 'prototype') origin = originOf(node.object);
    else if (node.type === 'Identifier' && /^(?:inherits|setPrototypeOf|__proto__)$/.test(node.name)) origin = ANY;
    if (origin !== undefined) targets.add(origin);
  });
  return targets;
}

/** The name at the root of `node` when it is a name or a chain of members of one (`a`, `a.b.c`). */
function rootName(node: Node): string | undefined {
  if (node.type === 'Identifier') return node.name;
  return isMember(node) ? rootName(node.object) : undefined;
}

/**
 * The files of the run that import `file`, directly or through files that import it, or may without the graph
 * seeing it (by a package name it cannot resolve, or by a bundler's alias).
 */
function transitiveImporters(file: string, modules: ModuleGraph): string[] {
  const unresolvable = modules.unresolvableImports().map(({ from }) => from);
  const seen = new Set([file]);
  const queue = [file];
  for (const current of queue) {
    const importers = [
      ...modules.importersOf(current),
      ...modules.unresolvedPackageImportsOf(current).map(({ from }) => from),
      ...unresolvable,
    ];
    for (const importer of importers) {
      if (seen.has(importer)) continue;
      seen.add(importer);
      queue.push(importer);
    }
  }
  seen.delete(file);
  return [...seen];
}
