import type { CallExpression, Function as FunctionNode, NewExpression, Node } from '@babel/types';
import { placeRef } from '../edits/line-refs.js';
import { isMember, propertyName, walk } from '../parse/walk.js';
import type { Functions } from './functions.js';
import { isFunctionValue } from './scopes.js';
import type { Source, Sources } from './sources.js';

/**
 * Where the class of method `fn`, or an instance of it, is handed to code that makes or keeps instances for others:
 * a dependency-injection container (`asClass(JourneyClient)`, `providers: [JourneyClient]`, `useFactory: () => new
 * JourneyClient(…)`), a registry, a library's call. Whoever that code gives an instance to calls `fn` unseen, and
 * need not import the class to do so (an interface or a destructured parameter types it), so the callers the
 * codemod finds are not all. Looked for in `fn`'s file and in the files that import it, directly or not.
 */
export function escapedClassOf(functions: Functions, sources: Sources, source: Source, fn: FunctionNode): string | undefined {
  // Asked again for every answer a method returns: the walk over its class's importers is done once.
  if (!found.has(fn)) found.set(fn, handedOverClass(functions, sources, source, fn));
  return found.get(fn);
}

const found = new WeakMap<FunctionNode, string | undefined>();

function handedOverClass(functions: Functions, sources: Sources, source: Source, fn: FunctionNode): string | undefined {
  const className = classNameOf(source, fn);
  if (className === undefined) return undefined;
  const files = sources.modules.importedFrom(source.file);
  for (const file of files) {
    const where = sources.get(file);
    if (!where) continue;
    const classes = file === source.file ? new Set([className]) : classBindings(sources, where, files, className);
    const requiresClass = (node: Node) =>
      requireOf(node) !== undefined && files.has(sources.modules.resolve(where.file, requireOf(node) ?? '') ?? '');
    const instances = namesOfMade(where, classes, requiresClass);
    if (classes.size === 0 && !(sources.text(file) ?? '').includes('require(')) continue;
    let found: string | undefined;
    walk(where.ctx.ast.program, (node) => {
      if (found !== undefined) return;
      const how =
        (node.type === 'Identifier' && classes.has(node.name)) || requiresClass(node)
          ? classHandedOver(functions, where, node)
          : node.type === 'Identifier' && instances.has(node.name)
            ? valueHandedOver(functions, where, node, 'an instance is handed over')
            : undefined;
      // `journey-codemod-ignore` above the hand-over says the person knows every caller is in the run.
      if (how && !where.optedOut(node)) found = `${how} at ${placeRef(where.file, node.start ?? 0)}`;
    });
    if (found) return found;
  }
  return undefined;
}

/** `require('./journey-client')`'s specifier, for a call that is one. */
const requireOf = (node: Node): string | undefined =>
  node.type === 'CallExpression' &&
  node.callee.type === 'Identifier' &&
  node.callee.name === 'require' &&
  node.arguments[0]?.type === 'StringLiteral'
    ? node.arguments[0].value
    : undefined;

/**
 * The names holding the class's instances in `where` (`const client = new JourneyClient(…)`), with `classes` grown
 * by the file's subclasses of it (`class TracedClient extends JourneyClient {}`), whose instances have its methods.
 */
function namesOfMade(where: Source, classes: Set<string>, requiresClass: (node: Node) => boolean): Set<string> {
  const instances = new Set<string>();
  let grown = true;
  while (grown) {
    grown = false;
    walk(where.ctx.ast.program, (node) => {
      const superClass = (node.type === 'ClassDeclaration' || node.type === 'ClassExpression') && node.superClass;
      const sub = node.type === 'ClassDeclaration' ? node.id?.name : undefined;
      if (
        superClass &&
        sub &&
        !classes.has(sub) &&
        ((superClass.type === 'Identifier' && classes.has(superClass.name)) || requiresClass(superClass))
      ) {
        classes.add(sub);
        grown = true;
      }
    });
  }
  walk(where.ctx.ast.program, (node) => {
    if (node.type !== 'VariableDeclarator' || node.id.type !== 'Identifier' || node.init?.type !== 'NewExpression') return;
    const made = node.init.callee;
    if ((made.type === 'Identifier' && classes.has(made.name)) || requiresClass(made)) instances.add(node.id.name);
  });
  return instances;
}

/** The name of the class declaring method `fn`, when it has one. */
function classNameOf(source: Source, fn: FunctionNode): string | undefined {
  if (fn.type !== 'ClassMethod' && fn.type !== 'ClassPrivateMethod') {
    const holder = source.parent(fn);
    if (holder?.type !== 'ClassProperty') return undefined;
  }
  const owner = source
    .ancestors(fn)
    .reverse()
    .find((node) => node.type === 'ClassDeclaration' || node.type === 'ClassExpression');
  if (owner?.type === 'ClassDeclaration' || owner?.type === 'ClassExpression') {
    if (owner.id) return owner.id.name;
    const holder = source.parent(owner);
    if (holder?.type === 'VariableDeclarator' && holder.id.type === 'Identifier') return holder.id.name;
  }
  return undefined;
}

/**
 * The names `where` binds the class to by importing it from its file or a file re-exporting it (`modules`, the
 * class's file and its importers): by its name, as the default, or as the whole module.
 */
function classBindings(sources: Sources, where: Source, modules: ReadonlySet<string>, className: string): Set<string> {
  const names = new Set<string>();
  for (const [local, binding] of where.ctx.imports) {
    if (binding.imported !== className && binding.imported !== 'default' && binding.imported !== '*') continue;
    const target = sources.modules.resolve(where.file, binding.specifier);
    if (target !== undefined && target !== where.file && modules.has(target)) names.add(local);
  }
  return names;
}

/**
 * How the class `node` names (or `require`s), or an instance made with it there, is handed over: `undefined` when
 * it is only made and used here (kept in a name or a member of `this`, passed to a function of the run), extended,
 * typed or asserted on.
 */
function classHandedOver(functions: Functions, source: Source, node: Node): string | undefined {
  const parent = source.parent(node);
  if (parent?.type === 'NewExpression' && parent.callee === node)
    return valueHandedOver(functions, source, parent, 'an instance is handed over');
  return valueHandedOver(functions, source, node, 'the class is handed over');
}

/**
 * Whether a value (the class, an instance) leaves here for code the run does not follow: put in an array or an
 * object literal, passed to a library's call, written into another object's member, or returned by a function that
 * is itself handed over so (`useFactory: () => new C()`, `useFactory: () => { const c = new C(); return c; }`).
 */
function valueHandedOver(functions: Functions, source: Source, node: Node, how: string): string | undefined {
  const parent = source.parent(node);
  if (!parent) return undefined;
  // `const { JourneyClient } = require(…)` binds the class: a pattern, not a literal.
  if (parent.type === 'ObjectProperty' && source.parent(parent)?.type !== 'ObjectExpression') return undefined;
  if (isValue(parent, node) && escapes(functions, source, parent)) return how;
  const factory =
    isFunctionValue(parent) && parent.body === node
      ? parent
      : parent.type === 'ReturnStatement'
        ? source
            .ancestors(parent)
            .reverse()
            .find((ancestor) => isFunctionValue(ancestor))
        : undefined;
  const holder = factory ? source.parent(factory) : undefined;
  if (factory && holder && isValue(holder, factory) && escapes(functions, source, holder)) return `a factory of instances is handed over`;
  return undefined;
}

/** Whether `node` stands as a value in `parent` (not a key, a type, an import or a declaration's own name). */
function isValue(parent: Node, node: Node): boolean {
  switch (parent.type) {
    case 'CallExpression':
    case 'NewExpression':
      return parent.arguments.includes(node as never);
    case 'ArrayExpression':
      return parent.elements.includes(node as never);
    case 'ObjectProperty':
      return parent.value === node;
    case 'AssignmentExpression':
      return parent.right === node;
    default:
      return false;
  }
}

/**
 * Whether a value in `parent` leaves for code the run does not follow: an argument of a library's call, a member of
 * another object (not an export), or an element of an array or object literal, held for whoever receives it (`providers: [C]`,
 * `{ useClass: C }`).
 */
function escapes(functions: Functions, source: Source, parent: Node): boolean {
  if (parent.type === 'CallExpression' && asserts(parent)) return false;
  if (parent.type === 'CallExpression' || parent.type === 'NewExpression') return unfollowed(functions, source, parent);
  if (parent.type === 'AssignmentExpression') return parent.left.type === 'MemberExpression' && !ownOrExported(parent.left.object);
  // In a literal handed whole to a function of the run (`createVerifier({ journeys: client })`), the run follows it;
  // so it does the object CommonJS exports (`module.exports = { JourneyClient }`), through its importers.
  let literal: Node = parent;
  for (let up = source.parent(literal); up && isLiteralPart(up); up = source.parent(literal)) literal = up;
  const holder = source.parent(literal);
  if (
    literal.type === 'ObjectExpression' &&
    literal === source.parent(parent) &&
    holder?.type === 'AssignmentExpression' &&
    isModuleExports(holder.left)
  )
    return false;
  const handedToTheRun =
    (holder?.type === 'CallExpression' || holder?.type === 'NewExpression') &&
    holder.arguments.includes(literal as never) &&
    !unfollowed(functions, source, holder);
  return !handedToTheRun;
}

/** `module.exports`, which a module's importers read as what `require` answers. */
const isModuleExports = (node: Node): boolean =>
  node.type === 'MemberExpression' &&
  node.object.type === 'Identifier' &&
  node.object.name === 'module' &&
  node.property.type === 'Identifier' &&
  node.property.name === 'exports';

/** The nodes an array or object literal is made of, up to the whole literal. */
const isLiteralPart = (node: Node): boolean =>
  node.type === 'ObjectExpression' || node.type === 'ArrayExpression' || node.type === 'ObjectProperty';

/** `this`, `module`, `exports` or `module.exports`: a member written there is the instance's own, or an export the run follows. */
const ownOrExported = (object: Node): boolean =>
  object.type === 'ThisExpression' ||
  (object.type === 'Identifier' && (object.name === 'module' || object.name === 'exports')) ||
  (object.type === 'MemberExpression' && object.object.type === 'Identifier' && object.object.name === 'module');

/**
 * A test's assertion or double (`expect(client)`, `assert.ok(client)`, `.toBeInstanceOf(C)`, chai's `instanceOf(C)`,
 * `vi.spyOn(client, 'state')`, `sinon.stub(client, …)`): it looks at the value, or wraps its method, and keeps nothing.
 */
function asserts(call: CallExpression): boolean {
  const { callee } = call;
  if (callee.type === 'Identifier') return ASSERTING.test(callee.name);
  if (!isMember(callee)) return false;
  return (
    /^(?:toBeInstanceOf|instanceOf|instanceof|spyOn|stub|spy|replace)$/.test(propertyName(callee) ?? '') ||
    (callee.object.type === 'Identifier' && ASSERTING.test(callee.object.name))
  );
}

const ASSERTING = /^(?:expect|assert|vi|jest|sinon)$/;

/** Whether a call goes to code the run cannot follow into (a library, a container). */
const unfollowed = (functions: Functions, source: Source, call: CallExpression | NewExpression): boolean =>
  functions.calleeOf(source, call) === undefined;
