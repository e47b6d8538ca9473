import type { CallExpression, Identifier, Node } from '@babel/types';
import { isMember, walk } from '../parse/walk.js';
import { sendsHttp } from '../plan/http-libraries.js';
import type { Site } from '../plan/types.js';
import type { Source, Sources } from './sources.js';

/**
 * The v1 state reads (`state.data.process.flow`) no followed answer reached whose state a request answered in the
 * same function's code: `const state = await res.json()` of a `fetch` (or of a client imported from an HTTP library)
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
  return root !== undefined && source !== undefined && answered(source, root, requests);
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

/** Whether `name` holds what a request answered: its body (`await res.json()`), or a request's own answer. */
function answered(source: Source, name: Identifier, requests: RequestingFiles): boolean {
  const init = initOf(source, name);
  if (init?.type !== 'CallExpression') return false;
  // `await res.json()`, `res.json()` of a response a request answered.
  const { callee } = init;
  if (isMember(callee) && !callee.computed && callee.property.type === 'Identifier' && callee.property.name === 'json') {
    const response = callee.object;
    if (response.type === 'CallExpression') return requests.sends(source, response);
    const held = response.type === 'Identifier' ? initOf(source, response) : undefined;
    return held?.type === 'CallExpression' && requests.sends(source, held);
  }
  return requests.sends(source, init);
}

/** What a `const`/`let` is first given, through `await`, parentheses and TypeScript's casts. */
function initOf(source: Source, name: Identifier): Node | undefined {
  const declaration = source.scopes.bindingOf(name)?.declaration;
  let init: Node | null | undefined = declaration?.type === 'VariableDeclarator' ? declaration.init : undefined;
  while (
    init &&
    (init.type === 'AwaitExpression' ||
      init.type === 'ParenthesizedExpression' ||
      init.type === 'TSAsExpression' ||
      init.type === 'TSNonNullExpression')
  )
    init = init.type === 'AwaitExpression' ? init.argument : init.expression;
  return init ?? undefined;
}

/** Which calls send a request: an HTTP client's, or a function of the run's that sends one (by its file). */
class RequestingFiles {
  private readonly known = new Map<string, boolean>();

  constructor(private readonly sources: Sources) {}

  /** Whether `call` is a request (`fetch(…)`, `axios.post(…)`), or a call of a function whose module sends requests. */
  sends(source: Source, call: CallExpression): boolean {
    const root = rootName(call.callee);
    if (root === undefined) return false;
    if (isRequestRoot(source, root)) return true;
    if (call.callee.type !== 'Identifier') return false;
    const binding = source.scopes.bindingOf(call.callee);
    if (binding?.kind === 'function') return this.fileSends(source.file);
    const imported = source.ctx.imports.get(root);
    const file = imported && this.sources.modules.resolve(source.file, imported.specifier);
    return file !== undefined && this.fileSends(file);
  }

  private fileSends(file: string): boolean {
    let sends = this.known.get(file);
    if (sends === undefined) {
      const source = this.sources.get(file);
      sends = source !== undefined && sendsRequests(source);
      this.known.set(file, sends);
    }
    return sends;
  }
}

/** Whether a file calls `fetch` (the global one) or a name it imports from an HTTP client. */
function sendsRequests(source: Source): boolean {
  let found = false;
  walk(source.ctx.ast.program, (node) => {
    if (found || node.type !== 'CallExpression') return;
    const root = rootName(node.callee);
    found = root !== undefined && isRequestRoot(source, root);
  });
  return found;
}

const isRequestRoot = (source: Source, root: string): boolean =>
  sendsHttp(source.ctx, root) || (root === 'fetch' && !source.ctx.imports.has('fetch') && source.ctx.constant('fetch') === undefined);

/** `fetch` of `fetch(…)`, `axios` of `axios.create(…)` and `axios.post(…)`, `got` of `got.extend(…).post(…)`. */
function rootName(callee: Node): string | undefined {
  let node: Node = callee;
  while (isMember(node) || node.type === 'CallExpression') node = isMember(node) ? node.object : node.callee;
  return node.type === 'Identifier' ? node.name : undefined;
}
