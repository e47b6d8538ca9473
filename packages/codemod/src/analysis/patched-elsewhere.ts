import type { Node } from '@babel/types';
import { importBindings } from '../parse/import-bindings.js';
import { nameWrites } from '../parse/name-writes.js';
import { isMember, keyName, propertyName, walk } from '../parse/walk.js';
import type { ParsedModule } from './imported-constants.js';
import type { ModuleGraph } from './module-graph.js';

/** Words without which a file can neither extend a class nor change a prototype: a file lacking all is not parsed. */
const INHERITING = /\b(?:extends|prototype|inherits|setPrototypeOf|__proto__)\b/;

/**
 * A member written (`x.name = …`, `x['name'] = …`, `x.name += …`, `x.name++`), set (`Reflect.set(x, 'name', …)`),
 * defined (`defineProperty(x, 'name', …)`) or replaced by a test double (`spyOn(x, 'name')`), by name. A value
 * written out that is no function (`x.headers = { … }`, a string, a number) cannot be called as a method, and is
 * not counted.
 */
const MEMBER_WRITE =
  /(?:\.\s*([A-Za-z_$][\w$]*)|\[\s*['"`]([\w$]+)['"`]\s*\])\s*(?:(?:[-+*/%&|^]|\*\*|<<|>>>?|&&|\|\||\?\?)?=(?![=>])(?!\s*(?:[{['"`\d]|[\w$.]+\s*(?:\|\||\?\?)\s*[{[]))|\+\+|--)|(?:defineProperty|Reflect\.set|spyOn|stub)\s*\(\s*[^,]+,\s*['"`]([\w$]+)['"`]/g;

/**
 * A getter declared by name: `get name()` (or `get 'name'()`, `get ['name']()`) in a class or an object, with its
 * empty parameter list and body, or `__defineGetter__('name', …)`.
 */
const GETTER =
  /\bget\s+(?:([A-Za-z_$][\w$]*)|['"`]([\w$]+)['"`]|\[\s*['"`]([\w$]+)['"`]\s*\])\s*\(\s*\)\s*(?::[^{;]*)?\{|__defineGetter__\s*\(\s*['"`]([\w$]+)['"`]/g;

/**
 * Comments, which the text scans below skip: `//` or `/* … *\/` at a line's start or after a space, so that `https://`
 * or `'src/**\/*.ts'` in a string is not taken for one.
 */
const COMMENT = /(^|\s)(?:\/\/[^\n]*|\/\*[\s\S]*?\*\/)/g;

/** Calls that give an object the members of others (`Object.assign`, lodash's `extend`, …): a file lacking all is not parsed for them. */
const ASSIGNING = /\b(?:assign|assignIn|extend|merge|mixin|defaults|defineProperties)\s*\(/;

/** The global names of the language and of Node: what `extends Error` or `Array.prototype` reads is none of the run's. */
const GLOBALS: ReadonlySet<string> = new Set(Object.getOwnPropertyNames(globalThis));
/** Names through which any value may be reached: `global.ApiClient`, `module.exports.Client`, `require('./x')`. */
const ANY_VALUE = /^(?:module|exports|require|globalThis|global|window|self)$/;

/** Any file of the run may be the one extended. */
const ANY = Symbol('any file');

/** What other files of the run may do to the classes of the files being migrated (see `patchedElsewhere`). */
export interface PatchedElsewhere {
  /** The candidates whose classes another file of the run may extend or patch. */
  readonly classesExtendedElsewhere: readonly string[];
  /** The member names some file of the run writes or defines on an object, any object. */
  readonly membersWrittenElsewhere: readonly string[];
  /** The names some file of the run declares a getter of (`get name()`, `__defineGetter__('name', …)`). */
  readonly gettersAnywhere: readonly string[];
}

/**
 * What the rest of the run may do to a class of a file being migrated, so that a method may run other code than its
 * body shows: a CommonJS module exports its class without a sign of it in the class.
 *
 * A candidate's classes count as extended when a file of the run extends a class, or writes or hands on a prototype
 * (`X.prototype.m = …`, `Object.create(X.prototype)`, `util.inherits(Sub, X)`, `setPrototypeOf`, `__proto__`), of
 * something imported from a file connected to the candidate by imports (itself, a re-export, a registry it hands its
 * class to), or of something whose origin it cannot tell: a parameter, a mixin's call, a name bound twice, a global
 * the language does not define (`global.ApiClient = Client` elsewhere), a bundler's alias, a workspace package's
 * build, a file the run refused to read. Classes of the file's own, the language's globals (`Error`) and installed
 * packages (`node:events`) do not count. A member written on any object of any file counts by its name.
 */
export function patchedElsewhere(
  candidates: readonly string[],
  texts: ReadonlyMap<string, string>,
  refused: readonly string[],
  modules: ModuleGraph,
  parse: (file: string) => ParsedModule | undefined,
): PatchedElsewhere {
  const withClasses = candidates.filter((file) => /\bclass\b/.test(texts.get(file) ?? ''));
  const getters = new Set<string>();
  const code = new Map([...texts].map(([file, text]) => [file, text.replace(COMMENT, '$1')]));
  for (const text of code.values())
    for (const match of text.matchAll(GETTER)) getters.add(match[1] ?? match[2] ?? match[3] ?? match[4] ?? '');
  const gettersAnywhere = [...getters].sort();
  if (withClasses.length === 0) return { classesExtendedElsewhere: [], membersWrittenElsewhere: [], gettersAnywhere };
  const written = new Set<string>();
  const extended = new Set<string | typeof ANY>(refused.length > 0 ? [ANY] : []);
  for (const [file, text] of texts) {
    for (const match of (code.get(file) ?? '').matchAll(MEMBER_WRITE)) written.add(match[1] ?? match[2] ?? match[3] ?? '');
    if (ASSIGNING.test(text)) for (const name of assignedKeys(parse(file))) written.add(name);
    if (INHERITING.test(text)) for (const target of extendedBy(file, modules, parse)) extended.add(target);
  }
  const classesExtendedElsewhere =
    extended.size === 0
      ? []
      : withClasses.filter((file) => extended.has(ANY) || connected(file, modules).some((each) => extended.has(each)));
  return { classesExtendedElsewhere, membersWrittenElsewhere: [...written].sort(), gettersAnywhere };
}

/** The files whose exports `file` extends or patches, as far as it can tell: `ANY` when it cannot. */
function extendedBy(file: string, modules: ModuleGraph, parse: (file: string) => ParsedModule | undefined): Set<string | typeof ANY> {
  const module = parse(file);
  // Unparsed, it may do anything.
  if (!module) return new Set([ANY]);
  const program = module.ast.program;
  const imports = importBindings(program);
  // Only bindings: `Own.prototype.x = …` gives the file's own class a method, it does not make `Own` another value.
  const bindings = nameWrites(program, { bindingsOnly: true });
  const own = ownClassesAndFunctions(program.body);
  const held = topLevelValues(program.body);
  /**
   * Where the value `node` may come from: a file of the run, any, or none (a literal, a global, a package, the file's
   * own). A value a top-level name holds is read through (`const User = mongoose.model('User', schema)`): a call
   * comes from where its callee and arguments do.
   */
  const originOf = (node: Node, seen: ReadonlySet<string> = new Set()): string | typeof ANY | undefined => {
    if (node.type === 'CallExpression' || node.type === 'NewExpression') {
      const origins = [node.callee, ...node.arguments].map((part) => originOf(part, seen)).filter((origin) => origin !== undefined);
      return origins.length === 0 ? undefined : new Set(origins).size === 1 ? origins[0] : ANY;
    }
    const base = rootOf(node);
    if (base.type === 'ThisExpression' || base.type === 'MetaProperty' || /Literal$/.test(base.type)) return undefined;
    const root = base.type === 'Identifier' ? base.name : undefined;
    if (root === undefined || ANY_VALUE.test(root) || bindings.get(root) > 1) return ANY;
    const binding = imports.get(root);
    if (binding) return modules.mayLeadIntoRun(file, binding.specifier) ? (modules.resolve(file, binding.specifier) ?? ANY) : undefined;
    if (bindings.get(root) === 0) return GLOBALS.has(root) ? undefined : ANY;
    if (own.has(root)) return undefined;
    const value = held.get(root);
    return value && !seen.has(root) ? originOf(value, new Set([...seen, root])) : ANY;
  };
  const targets = new Set<string | typeof ANY>();
  const add = (origin: string | typeof ANY | undefined) => {
    if (origin !== undefined) targets.add(origin);
  };
  walk(program, (node, ancestors) => {
    if ((node.type === 'ClassDeclaration' || node.type === 'ClassExpression') && node.superClass) add(originOf(node.superClass));
    else if (isMember(node) && /^(?:prototype|__proto__)$/.test(propertyName(node) ?? '')) {
      if (!spied(node, ancestors) && handsOn(node, ancestors)) add(originOf(node.object));
    } else if (node.type === 'CallExpression' && /^(?:inherits|setPrototypeOf)$/.test(calleeName(node.callee) ?? ''))
      for (const argument of node.arguments) add(originOf(argument));
    else if (node.type === 'ObjectProperty' && keyName(node) === '__proto__') add(originOf(node.value));
  });
  return targets;
}

/**
 * The keys given by `Object.assign(target, { … })`, `defineProperties(target, { … })` and their like: of the objects
 * written out as sources, and any key (`*`) when an instance made there takes a source the code does not show
 * (`Object.assign(new Client(), overrides)`). A source by name given to any other object is not followed.
 */
function assignedKeys(module: ParsedModule | undefined): string[] {
  const keys: string[] = [];
  if (module)
    walk(module.ast.program, (node) => {
      if (node.type !== 'CallExpression' || !ASSIGNING.test(`${calleeName(node.callee) ?? ''}(`)) return;
      const [target, ...sources] = node.arguments;
      for (const source of sources) {
        if (source.type === 'ObjectExpression') for (const property of source.properties) keys.push(keyName(property) ?? '*');
        else if (target?.type === 'NewExpression') keys.push('*');
      }
    });
  return keys;
}

/**
 * Whether a prototype (`X.prototype`) is written or handed on where it is: the root of an assignment's target
 * (`X.prototype.m = …`, `X.prototype = …`) or an argument (`Object.create(X.prototype)`). A read such as
 * `Array.prototype.slice.call(…)` or `fn.prototype !== undefined` changes nothing.
 */
function handsOn(prototype: Node, ancestors: readonly Node[]): boolean {
  let child = prototype;
  for (let index = ancestors.length - 1; index >= 0; index -= 1) {
    const parent = ancestors[index];
    if (parent === undefined) return false;
    if (isMember(parent) && parent.object === child) {
      child = parent;
      continue;
    }
    if (parent.type === 'AssignmentExpression') return parent.left === child;
    return (parent.type === 'CallExpression' || parent.type === 'NewExpression') && parent.arguments.includes(child as never);
  }
  return false;
}

/**
 * Whether a prototype is handed to a test double's spy or stub (`jest.spyOn(Client.prototype, 'complete')`,
 * `sinon.stub(…)`): it replaces the one method it names, which `MEMBER_WRITE` counts by its name, not the class.
 */
function spied(prototype: Node, ancestors: readonly Node[]): boolean {
  const parent = ancestors.at(-1);
  return (
    parent?.type === 'CallExpression' &&
    parent.arguments[0] === prototype &&
    /^(?:spyOn|stub)$/.test(calleeName(parent.callee) ?? '') &&
    ['StringLiteral', 'TemplateLiteral'].includes(parent.arguments[1]?.type ?? '')
  );
}

/** The values top-level `const`, `let` and `var` declarations give their names, when written (`const X = …`). */
function topLevelValues(body: readonly Node[]): Map<string, Node> {
  const values = new Map<string, Node>();
  for (const statement of body) {
    const declaration = statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
    if (declaration?.type !== 'VariableDeclaration') continue;
    for (const declarator of declaration.declarations)
      if (declarator.id.type === 'Identifier' && declarator.init) values.set(declarator.id.name, declarator.init);
  }
  return values;
}

/** The classes and functions a module declares once at its top level, also as `const X = class …` or `var X = function …`. */
function ownClassesAndFunctions(body: readonly Node[]): Set<string> {
  const own = new Set<string>();
  for (const statement of body) {
    const declaration =
      statement.type === 'ExportNamedDeclaration' || statement.type === 'ExportDefaultDeclaration' ? statement.declaration : statement;
    if ((declaration?.type === 'ClassDeclaration' || declaration?.type === 'FunctionDeclaration') && declaration.id)
      own.add(declaration.id.name);
    if (declaration?.type === 'VariableDeclaration')
      for (const declarator of declaration.declarations)
        if (declarator.id.type === 'Identifier' && /^(?:Class|Function|ArrowFunction)Expression$/.test(declarator.init?.type ?? ''))
          own.add(declarator.id.name);
  }
  return own;
}

/** The name a call's callee ends in: `inherits` of `util.inherits`, `setPrototypeOf` of `Object.setPrototypeOf`. */
function calleeName(callee: Node): string | undefined {
  return callee.type === 'Identifier' ? callee.name : propertyName(callee);
}

/** The object at the root of a chain of members (`a` of `a.b.c`, `new.target` of `new.target.prototype`), or `node`. */
function rootOf(node: Node): Node {
  return isMember(node) ? rootOf(node.object) : node;
}

/**
 * The files of the run connected to `file` by imports, either way and through any number of files (a class travels
 * as a value: to an importer, a re-exporter's importers, or a registry it is handed to), or that may import it
 * without the graph seeing it (by a package name it cannot resolve, or by a bundler's alias).
 */
function connected(file: string, modules: ModuleGraph): string[] {
  const unresolvable = modules.unresolvableImports().map(({ from }) => from);
  const seen = new Set([file]);
  const queue = [file];
  for (const current of queue) {
    const next = [
      ...modules.importersOf(current),
      ...modules.importsOf(current),
      ...modules.unresolvedPackageImportsOf(current).map(({ from }) => from),
      ...unresolvable,
    ];
    for (const each of next) {
      if (seen.has(each)) continue;
      seen.add(each);
      queue.push(each);
    }
  }
  return [...seen];
}
