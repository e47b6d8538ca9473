import type { Expression, File, FunctionDeclaration, Node, TSEnumDeclaration } from '@babel/types';
import { importedName } from '../parse/import-bindings.js';
import { isMember, walk } from '../parse/walk.js';
import { type EvaluationScope, evaluate } from './evaluate.js';
import type { ModuleGraph } from './module-graph.js';
import { ModuleScope } from './module-scope.js';
import { findRedirectingRequestInterceptors } from './request-interceptors.js';
import { computesOnlyFunction, type EffectScope } from './side-effects.js';
import { flatten, type StaticValue } from './static-value.js';

/** A relative import of a file being migrated. */
export interface ImportRequest {
  readonly from: string;
  readonly specifier: string;
}

/** What the project analysis knows before any edit: where imports lead, and the values modules export. */
export interface ImportedConstants {
  /** `from\0specifier` → the resolved file. */
  readonly resolved: Readonly<Record<string, string>>;
  /** File → export name → value (`default` for the default export). */
  readonly exports: Readonly<Record<string, Readonly<Record<string, StaticValue>>>>;
  /**
   * File → the names it exports as functions that only compute a value from their arguments (`export function
   * authHeaders(token) { return { authorization: … } }`), read in that module's own scope. @default none
   */
  readonly computing?: Readonly<Record<string, readonly string[]>>;
  /**
   * The files being migrated whose classes another file of the run may extend or patch (see `patchedElsewhere`): a
   * method of theirs may run other code than its body shows. @default none
   */
  readonly classesExtendedElsewhere?: readonly string[];
  /** The member names a file of the run writes on some object (see `patchedElsewhere`). @default none */
  readonly membersWrittenElsewhere?: readonly string[];
  /** The names some file of the run declares a getter of, on a class or an object (see `patchedElsewhere`). @default none */
  readonly gettersAnywhere?: readonly string[];
}

export const importKey = (from: string, specifier: string): string => `${from}\0${specifier}`;

/** A parsed module: its text and its syntax tree. */
export interface ParsedModule {
  readonly text: string;
  readonly ast: File;
}

/**
 * The pass run before any edit: resolves the relative imports of the files to migrate (through the module
 * graph) and evaluates the constants their targets export, following their own imports and re-exports, so
 * `ENDPOINTS.TASK_UPDATE` imported from another file is known at the call site, with where each literal is
 * written. Only the imported modules are read, each parsed once.
 */
export function analyseImportedConstants(
  requests: readonly ImportRequest[],
  modules: ModuleGraph,
  parse: (file: string) => ParsedModule | undefined,
): ImportedConstants {
  const resolved: Record<string, string> = {};
  const exports: Record<string, Record<string, StaticValue>> = {};
  const computing: Record<string, string[]> = {};
  const exportsOf = (file: string): Record<string, StaticValue> => {
    const known = exports[file];
    if (known) return known;
    const values: Record<string, StaticValue> = {};
    // Set first: a cycle of imports reads what is known so far, never loops.
    exports[file] = values;
    const module = parse(file);
    if (module) {
      Object.assign(values, moduleExports(file, module, modules, exportsOf));
      computing[file] = computingExports(module.ast);
    }
    return values;
  };
  for (const { from, specifier } of requests) {
    const target = modules.resolve(from, specifier);
    if (!target) continue;
    resolved[importKey(from, specifier)] = target;
    exportsOf(target);
  }
  return { resolved, exports, computing };
}

/** The constants a module exports: `export const`, `export enum`, `export { a as b }`, re-exports, `export default`, `module.exports`. */
function moduleExports(
  file: string,
  { text, ast }: ParsedModule,
  modules: ModuleGraph,
  exportsOf: (file: string) => Record<string, StaticValue>,
): Record<string, StaticValue> {
  const constants = new Map<string, Expression | TSEnumDeclaration | null>();
  const functions = new Map<string, FunctionDeclaration | null>();
  const imports = new Map<string, { specifier: string; imported: string }>();
  for (const statement of ast.program.body) {
    const declaration = statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
    if (declaration?.type === 'TSEnumDeclaration')
      constants.set(declaration.id.name, constants.has(declaration.id.name) ? null : declaration);
    if (declaration?.type === 'FunctionDeclaration' && declaration.id)
      functions.set(declaration.id.name, functions.has(declaration.id.name) ? null : declaration);
    if (declaration?.type === 'VariableDeclaration') {
      for (const declarator of declaration.declarations) {
        if (declarator.id.type !== 'Identifier' || !declarator.init) continue;
        const required = requireOf(declarator.init);
        if (required) imports.set(declarator.id.name, { specifier: required, imported: '*' });
        // A name declared twice is not a constant to trust.
        else constants.set(declarator.id.name, constants.has(declarator.id.name) ? null : declarator.init);
      }
    }
    if (statement.type === 'ImportDeclaration') {
      for (const specifier of statement.specifiers)
        imports.set(specifier.local.name, { specifier: statement.source.value, imported: importedName(specifier) });
    }
  }
  const fromModule = (specifier: string, imported: string): StaticValue | undefined => {
    const target = modules.resolve(file, specifier);
    const values = target ? exportsOf(target) : undefined;
    if (!values) return undefined;
    return imported === '*' ? { kind: 'object', props: values } : values[imported];
  };
  const scope: EvaluationScope = {
    file,
    source: text,
    constant: (name) => constants.get(name) ?? undefined,
    declaredFunction: (name) => functions.get(name) ?? undefined,
    specifier: (name) => imports.get(name)?.specifier,
    imported: (name) => {
      const entry = imports.get(name);
      return entry ? fromModule(entry.specifier, entry.imported) : undefined;
    },
  };
  const values: Record<string, StaticValue> = {};
  const name = (node: Node) => (node.type === 'Identifier' ? node.name : node.type === 'StringLiteral' ? node.value : '');
  for (const statement of ast.program.body) {
    if (statement.type === 'ExportNamedDeclaration') {
      if (statement.declaration?.type === 'VariableDeclaration') {
        for (const declarator of statement.declaration.declarations)
          if (declarator.id.type === 'Identifier' && declarator.init) values[declarator.id.name] = evaluate(declarator.init, scope);
      }
      // A function is a value only when it makes an HTTP client (`createHttp(…)` returning `axios.create(…)`).
      if (statement.declaration?.type === 'FunctionDeclaration' && statement.declaration.id) {
        const made = evaluate(statement.declaration, scope);
        if (made.kind === 'client') values[statement.declaration.id.name] = made;
      }
      if (statement.declaration?.type === 'TSEnumDeclaration')
        values[statement.declaration.id.name] = evaluate(statement.declaration, scope);
      for (const specifier of statement.specifiers) {
        if (specifier.type !== 'ExportSpecifier') continue;
        const value = statement.source ? fromModule(statement.source.value, specifier.local.name) : evaluate(specifier.local, scope);
        if (value) values[name(specifier.exported)] = value;
      }
    } else if (statement.type === 'ExportAllDeclaration') {
      const target = modules.resolve(file, statement.source.value);
      if (target) for (const [key, value] of Object.entries(exportsOf(target))) if (key !== 'default') values[key] ??= value;
    } else if (statement.type === 'ExportDefaultDeclaration') {
      const declaration = statement.declaration;
      if (!/Declaration$/.test(declaration.type)) values.default = evaluate(declaration, scope);
    } else if (statement.type === 'ExpressionStatement' && statement.expression.type === 'AssignmentExpression') {
      // CommonJS: `module.exports = { … }`, `module.exports.X = …`, `exports.X = …`.
      const { left, right } = statement.expression;
      const target = text.slice(left.start ?? 0, left.end ?? 0);
      const value = evaluate(right, scope);
      // An ES module's default import of a CommonJS module is its `module.exports` (`import cfg from './config.js'`).
      if (target === 'module.exports') values.default = value;
      if (target === 'module.exports' && value.kind === 'object') Object.assign(values, value.props);
      const named = /^(?:module\.)?exports\.([\w$]+)$/.exec(target)?.[1];
      if (named) values[named] = value;
    }
  }
  // A response interceptor registered here changes what the calls of an instance it exports answer, wherever they
  // are made; a request interceptor may change where they go (one that sets headers alone, a token, does not).
  if (/\.interceptors\s*\.\s*(?!request\b)|\.interceptors\b(?!\s*\.)/.test(text))
    for (const [key, value] of Object.entries(values)) values[key] = marked(value, { intercepted: true });
  const redirecting = text.includes('interceptors') ? findRedirectingRequestInterceptors(ast.program, file) : new Map<string, string>();
  // The instance registered on, under every name it is exported by (`{ api, journeys: api }`): an export made like
  // it (same library and base) may be it. Every export, where it is exported under no name of its own (a rename).
  for (const [receiver, problem] of redirecting) {
    const own = values[receiver];
    const aliases = exportedAliases(text, receiver);
    for (const [key, value] of Object.entries(values))
      if (own === undefined || key === receiver || aliases.has(key) || sameMaking(own, value))
        values[key] = marked(value, { redirected: problem });
  }
  return values;
}

/** The other names a module exports a local under: `{ journeys: api }`, `export { api as journeys }`, `exports.journeys = api`. */
function exportedAliases(text: string, local: string): Set<string> {
  const name = local.replaceAll('$', '\\$');
  const patterns = [
    new RegExp(String.raw`(?:^|[,{\s])([\w$]+)\s*:\s*${name}\s*[,}]`, 'g'),
    new RegExp(String.raw`(?<![\w$])${name}\s+as\s+([\w$]+)`, 'g'),
    new RegExp(String.raw`exports\.([\w$]+)\s*=\s*${name}(?![\w$])`, 'g'),
  ];
  return new Set(patterns.flatMap((pattern) => [...text.matchAll(pattern)].map((match) => match[1] ?? '')));
}

/** Whether two exported values are instances made alike: the same library, the same base written. */
function sameMaking(a: StaticValue, b: StaticValue): boolean {
  // Two made without a base are not told apart by it: only the registered one's own name counts then.
  if (a.kind !== 'instance' || b.kind !== 'instance' || a.library !== b.library || !a.base || !b.base) return false;
  return flatten(a.base).text === flatten(b.base).text;
}

/** The value with every instance in it marked so. */
function marked(value: StaticValue, mark: { readonly intercepted: true } | { readonly redirected: string }): StaticValue {
  if (value.kind === 'instance') return { ...value, ...mark };
  if (value.kind !== 'object') return value;
  return { kind: 'object', props: Object.fromEntries(Object.entries(value.props).map(([key, prop]) => [key, marked(prop, mark)])) };
}

/**
 * The names a module exports as functions declared there (`export function`, `export const … = () => …`, `export
 * { name }`) that only compute a value: read in the module's own scope, where its imports count as unknown.
 */
function computingExports(ast: File): string[] {
  // A module that writes its exports as CommonJS does (`module.exports = …`, `Object.assign(exports, …)`), or runs
  // `eval`, may replace what it declares: none of its functions is trusted.
  let rewritable = false;
  walk(ast.program, (node, ancestors) => {
    const parent = ancestors.at(-1);
    const isProperty = isMember(parent) && parent.property === node && !parent.computed;
    if (node.type === 'Identifier' && /^(exports|module|eval)$/.test(node.name) && !isProperty) rewritable = true;
  });
  if (rewritable) return [];
  const scope = new ModuleScope(ast);
  const effects: EffectScope = {
    returnedBy: () => undefined,
    returnedByFunction: (name) => scope.returnedByFunction(name),
    timesWritten: (name) => scope.timesWritten(name),
    getterRun: () => undefined,
    heldValue: (name) => scope.heldValue(name),
    importedComputing: () => false,
  };
  const exported = new Map<string, string>();
  for (const statement of ast.program.body) {
    if (statement.type !== 'ExportNamedDeclaration' || statement.source) continue;
    const declaration = statement.declaration;
    if (declaration?.type === 'FunctionDeclaration' && declaration.id) exported.set(declaration.id.name, declaration.id.name);
    if (declaration?.type === 'VariableDeclaration')
      for (const declarator of declaration.declarations)
        if (declarator.id.type === 'Identifier') exported.set(declarator.id.name, declarator.id.name);
    for (const specifier of statement.specifiers)
      if (specifier.type === 'ExportSpecifier' && specifier.exported.type === 'Identifier')
        exported.set(specifier.exported.name, specifier.local.name);
  }
  return [...exported].filter(([, local]) => computesOnlyFunction(local, effects)).map(([name]) => name);
}

/** `require('./x')` (or `require('./x').y`): the specifier. */
function requireOf(node: Node): string | undefined {
  if (node.type === 'CallExpression' && node.callee.type === 'Identifier' && node.callee.name === 'require') {
    const [argument] = node.arguments;
    return argument?.type === 'StringLiteral' ? argument.value : undefined;
  }
  return undefined;
}
