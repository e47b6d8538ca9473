import type { CallExpression, Identifier, Node } from '@babel/types';
import { isMember, propertyName, unwrap, walk } from '../parse/walk.js';
import { sendsHttp } from '../plan/http-libraries.js';
import type { Site } from '../plan/types.js';
import type { Source, Sources } from './sources.js';

/**
 * The v1 state reads (`state.data.process.flow`) no followed answer reached whose state a request answered
 * (`fromRequest`): `const state = await res.json()` of a `fetch` (or of a client imported from an HTTP library)
 * whose URL the codemod could not resolve (`fetch(process.env.STATE_URL, …)`), or `await fetchState(id)` of a
 * function of the run's that sends requests. Such a read is a v1 instance call of its own, most likely for an id
 * from outside (a database row): a start whose id leaves the code may be its journey, so they stay on v1 together.
 * A state read from a literal, a parameter or a row (a test's fixture, an archive) is left to `escapedReads`.
 */
export function untiedStateReads(reads: readonly Site[], followed: readonly Site[], sources: Sources): Site[] {
  const within = (read: Site) =>
    followed.some((site) => site.file === read.file && site.span.start <= read.span.start && read.span.end <= site.span.end);
  const requests = new RequestingFiles(sources);
  return reads.filter((read) => !read.ignored && !within(read) && answeredByRequest(sources, read, requests));
}

/** Whether the state the read takes apart is what a request answered. */
function answeredByRequest(sources: Sources, read: Site, requests: RequestingFiles): boolean {
  const source = sources.get(read.file);
  const node = source && READ_TYPES.map((type) => source.nodeAt(read.span.start, type, read.span.end)).find(Boolean);
  const root = node && rootOf(source, node);
  return root !== undefined && source !== undefined && fromRequest(source, root, requests, 0);
}

const READ_TYPES = ['MemberExpression', 'OptionalMemberExpression', 'CallExpression', 'ObjectProperty'] as const;

/** The name the read starts from: `state` of `state.data.process.flow`, of `get(state, 'data…')`, of `const { data: … } = state`. */
function rootOf(source: Source, node: Node): Identifier | undefined {
  let at: Node | undefined = node;
  if (at.type === 'ObjectProperty') {
    // The destructuring's declarator: its `init` is the state.
    let up: Node | undefined = source.parent(at);
    while (up && up.type !== 'VariableDeclarator') up = source.parent(up);
    at = up?.type === 'VariableDeclarator' ? (up.init ?? undefined) : undefined;
  } else if (at.type === 'CallExpression') at = at.arguments.find((argument) => argument.type === 'Identifier' || isMember(argument));
  while (at && isMember(at)) at = at.object;
  return at?.type === 'Identifier' ? at : undefined;
}

/**
 * Whether a value is what a request answered, followed back a few steps: a name to what it is given (declared or
 * assigned later), or to the promise whose `.then` hands it to the callback it is a parameter of; `.data` and
 * `.body` of an answer; `res.json()` and `.then(…)` of one; and a request (`fetch(…)`, `axios.post(…)`, a function of
 * the run's that sends one).
 */
function fromRequest(source: Source, value: Node, requests: RequestingFiles, depth: number): boolean {
  if (depth > 8) return false;
  const node = unwrap(value);
  const next = (inner: Node) => fromRequest(source, inner, requests, depth + 1);
  if (node.type === 'Identifier') {
    const binding = source.scopes.bindingOf(node);
    if (!binding) return false;
    if (binding.kind === 'param') return thenParameterOf(source, binding.declaration, binding.id).some(next);
    return valuesOf(source, binding.declaration, binding.references).some(next);
  }
  if (isMember(node)) return ['data', 'body'].includes(propertyName(node) ?? '') && next(node.object);
  if (node.type !== 'CallExpression') return false;
  const method = isMember(node.callee) ? propertyName(node.callee) : undefined;
  if (isMember(node.callee) && (method === 'json' || method === 'then')) return next(node.callee.object);
  // `JSON.parse(res.body)` of got's answer.
  if (isMember(node.callee) && node.callee.object.type === 'Identifier' && node.callee.object.name === 'JSON' && method === 'parse')
    return node.arguments[0] !== undefined && next(node.arguments[0]);
  return requests.sends(source, node);
}

/** What a declared name is given: its declarator's value, and what later assignments give it. */
function valuesOf(source: Source, declaration: Node, references: readonly Identifier[]): Node[] {
  const values: Node[] = declaration.type === 'VariableDeclarator' && declaration.init ? [declaration.init] : [];
  for (const reference of references) {
    const parent = source.parent(reference);
    if (parent?.type === 'AssignmentExpression' && parent.left === reference && parent.operator === '=') values.push(parent.right);
  }
  return values;
}

/**
 * For a name the first parameter of a callback given to `.then` binds (`(state) => …`, `({ data }) => …`), the
 * promises it is handed the value of: the callback written in the call, or a function of the file passed by name
 * (`.then(outcome)`).
 */
function thenParameterOf(source: Source, fn: Node, param: Identifier): Node[] {
  if (fn.type !== 'ArrowFunctionExpression' && fn.type !== 'FunctionExpression' && fn.type !== 'FunctionDeclaration') return [];
  const [first] = fn.params;
  // The parameter itself, or a name it takes apart (`({ data }) => …`).
  const binds = first !== undefined && (first.start ?? 0) <= (param.start ?? -1) && (param.end ?? Infinity) <= (first.end ?? 0);
  if (!binds) return [];
  const promiseOf = (call: Node | undefined, callback: Node): Node[] =>
    call?.type === 'CallExpression' && call.arguments[0] === callback && isMember(call.callee) && propertyName(call.callee) === 'then'
      ? [call.callee.object]
      : [];
  // `const outcome = (state) => …` or `function outcome(state) {}`, handed to `.then(outcome)`.
  const holder = fn.type === 'FunctionDeclaration' ? fn : source.parent(fn);
  const named =
    holder?.type === 'FunctionDeclaration'
      ? holder.id
      : holder?.type === 'VariableDeclarator' && holder.id.type === 'Identifier'
        ? holder.id
        : undefined;
  const byName = named
    ? (source.scopes.bindingOf(named)?.references ?? []).flatMap((reference) => promiseOf(source.parent(reference), reference))
    : [];
  return [...promiseOf(source.parent(fn), fn), ...byName];
}

/** Which calls send a request: an HTTP client's, or a function of the run's that sends one. */
class RequestingFiles {
  private readonly known = new Map<string, boolean>();

  constructor(private readonly sources: Sources) {}

  /**
   * Whether `call` is a request (`fetch(…)`, `axios.post(…)`), a call of a function this file declares that sends
   * one, or a call of a name (`fetchState(…)`, `stateApi.fetch(…)`) imported from a module of the run that sends
   * requests.
   */
  sends(source: Source, call: CallExpression): boolean {
    const root = rootName(call.callee);
    if (root === undefined) return false;
    if (isRequestRoot(source, root)) return true;
    const rootNode = rootIdentifier(call.callee);
    const binding = rootNode && source.scopes.bindingOf(rootNode);
    // A function of the file (declared, or a `const` arrow), or a method of an object it holds: by its own code.
    if (binding?.kind === 'function') return sendsRequests(source, binding.declaration);
    if (binding && binding.declaration.type === 'VariableDeclarator' && binding.declaration.init && !source.ctx.imports.has(root))
      return sendsRequests(source, binding.declaration.init);
    const imported = source.ctx.imports.get(root);
    const file = imported && this.sources.modules.resolve(source.file, imported.specifier);
    return file !== undefined && this.fileSends(file);
  }

  private fileSends(file: string): boolean {
    let sends = this.known.get(file);
    if (sends === undefined) {
      const source = this.sources.get(file);
      sends = source !== undefined && sendsRequests(source, source.ctx.ast.program);
      this.known.set(file, sends);
    }
    return sends;
  }
}

/** Whether the code under `root` (a file, a function) calls `fetch` (the global one) or a name imported from an HTTP client. */
function sendsRequests(source: Source, root: Node): boolean {
  let found = false;
  walk(root, (node) => {
    if (found || node.type !== 'CallExpression') return;
    const name = rootName(node.callee);
    found = name !== undefined && isRequestRoot(source, name);
  });
  return found;
}

const isRequestRoot = (source: Source, root: string): boolean =>
  sendsHttp(source.ctx, root) || (root === 'fetch' && !source.ctx.imports.has('fetch') && source.ctx.constant('fetch') === undefined);

/** `fetch` of `fetch(…)`, `axios` of `axios.create(…)` and `axios.post(…)`, `got` of `got.extend(…).post(…)`. */
function rootIdentifier(callee: Node): Identifier | undefined {
  let node: Node = callee;
  while (isMember(node) || node.type === 'CallExpression') node = isMember(node) ? node.object : node.callee;
  return node.type === 'Identifier' ? node : undefined;
}

const rootName = (callee: Node): string | undefined => rootIdentifier(callee)?.name;
