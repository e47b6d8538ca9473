// An answer handed to a function the codemod does not see (a schema's `parse`, io-ts `decode`, a deep copy) and
// read back from what that function returns: the reads are v1 reads of the answer the codemod never follows, so a
// migrated call would reach them in v2's shape (a v1 zod schema throws on every v2 answer).
import { isFunction, type Node } from '@babel/types';
import { isMember, propertyName } from '../parse/walk.js';
import type { Functions } from './functions.js';
import type { Source } from './sources.js';
import type { AnyCall } from './tracking.js';
import type { Value } from './values.js';

/** The members a v1 answer's body has that v2's lacks or holds elsewhere, by the operation that answered it. */
const V1_BODY_NAMES: Readonly<Record<string, readonly string[]>> = {
  'journey/task/list': ['tasks', 'status', 'schemas'],
  'journey/task/list/schema': ['tasks', 'status', 'schemas'],
  'journey/state/fetch': ['data', 'status', 'metaData'],
};

/**
 * How many links (a member, a name it is bound to) off the returned value are looked through: `const r =
 * Schema.safeParse(x)`, `const list = r.data`, `list.tasks` of zod; `r.right.tasks` of io-ts.
 */
const DEPTH = 4;

/**
 * The text of a read, off what `call` returns, that names a member of `value` in v1's shape (`list.tasks[0]`, `r.data.status`),
 * or undefined when what it returns is not read so. `JSON.parse(JSON.stringify(x))` returns what the outer call does.
 */
export function readBack(
  functions: Functions,
  source: Source,
  call: AnyCall | Extract<Node, { type: 'NewExpression' }>,
  value: Value,
): string | undefined {
  const names = v1Names(value);
  if (!names) return undefined;
  let result: Node = call;
  const outer = source.parent(call);
  if (
    source.ctx.text(call.callee) === 'JSON.stringify' &&
    outer?.type === 'CallExpression' &&
    outer.arguments[0] === call &&
    source.ctx.text(outer.callee) === 'JSON.parse'
  )
    result = outer;
  return readOf(functions, source, result, names, DEPTH);
}

/**
 * A v1 read of what `node` holds, within `depth` links: a member chain off it (`list.tasks[0]`, `r.data.status`),
 * or off a name it or a part of it is bound to (`const list = parsed.data`), or a destructured v1 name, or one of
 * these where a function of the project returns it to (`const copy = (o) => Object.assign({}, o)`, `copy(answer).tasks`)
 * or in one it is handed to (`firstOf(copy)` of `(l) => l.tasks[0]`).
 */
function readOf(functions: Functions, source: Source, node: Node, names: readonly string[] | 'any', depth: number): string | undefined {
  if (depth <= 0) return undefined;
  let held = node;
  for (let parent = source.parent(held); parent && WRAPPERS.has(parent.type); parent = source.parent(held)) held = parent;
  const fn = returnedFrom(source, held);
  if (fn) {
    for (const caller of functions.callersOf({ source, fn })) {
      const read = readOf(functions, caller.source, caller.call, names, depth - 1);
      if (read) return `${read}, returned through ${caller.source.ctx.text(caller.call.callee)}`;
    }
    return undefined;
  }
  const holder = source.parent(held);
  if (isMember(holder) && holder.object === held) {
    if (matches(names, propertyName(holder) ?? (holder.computed ? '[]' : undefined))) return source.ctx.text(holder);
    return readOf(functions, source, holder, names, depth - 1);
  }
  const at = isCallLike(holder) ? holder.arguments.indexOf(held as never) : -1;
  // Handed to a function of the project (`firstOf(copy)`): read there, by the parameter it goes into.
  const project = at !== -1 && holder?.type === 'CallExpression' ? holder : undefined;
  const handedTo = project && source.ctx.text(project.callee);
  for (const target of project ? functions.calleesOf(source, project) : []) {
    const read = boundRead(functions, target.source, target.fn.params[at], names, depth - 1);
    if (read) return `${read}, in ${handedTo}`;
  }
  // Handed on to a function that picks from it by a path (`get(copy, 'status')`): a v1 read the codemod cannot rewrite.
  if (at !== -1 && isCallLike(holder) && picksWith(functions, source, holder, names, at)) return source.ctx.text(holder);
  if (holder?.type !== 'VariableDeclarator' || holder.init !== held) return undefined;
  return boundRead(functions, source, holder.id, names, depth);
}

/** A v1 read of what the name or pattern `id` is bound to: a destructured v1 name, or a read off one of its references. */
function boundRead(
  functions: Functions,
  source: Source,
  id: Node | undefined,
  names: readonly string[] | 'any',
  depth: number,
): string | undefined {
  if (id?.type === 'ObjectPattern') {
    const named = id.properties.some(
      (property) => property.type === 'ObjectProperty' && property.key.type === 'Identifier' && matches(names, property.key.name),
    );
    return named ? source.ctx.text(id) : undefined;
  }
  if (id?.type !== 'Identifier') return undefined;
  for (const reference of source.scopes.bindingOf(id)?.references ?? []) {
    const read = readOf(functions, source, reference, names, depth - 1);
    if (read) return read;
  }
  return undefined;
}

/**
 * The function that returns `held` to its callers: an arrow's body, or a `return` of a function no generator (whose
 * callers get the generator, not what it returns).
 */
function returnedFrom(source: Source, held: Node) {
  const holder = source.parent(held);
  if (holder?.type === 'ArrowFunctionExpression' && holder.body === held) return holder;
  if (holder?.type !== 'ReturnStatement' || holder.argument !== held) return undefined;
  const fn = source
    .ancestors(holder)
    .reverse()
    .find((ancestor) => isFunction(ancestor));
  return fn && isFunction(fn) && !fn.generator ? fn : undefined;
}

/** Expressions that hand on the value they wrap: what a call returns is held by the outermost. */
export const WRAPPERS = new Set([
  'AwaitExpression',
  'ParenthesizedExpression',
  'TSAsExpression',
  'TSNonNullExpression',
  'TSSatisfiesExpression',
]);

/** The v1 names of the part of the answer `value` holds: `'any'` for a part of a v1 state or list, whose every member is v1's. */
function v1Names(value: Value): readonly string[] | 'any' | undefined {
  const { shape } = value;
  if (shape.kind === 'body') return V1_BODY_NAMES[value.startAsState ? 'journey/state/fetch' : value.operation];
  if (shape.kind === 'response' || shape.kind === 'opaque' || shape.kind === 'record' || shape.kind === 'leaf') return undefined;
  return 'any';
}

const matches = (names: readonly string[] | 'any', name: string | undefined): boolean =>
  names === 'any' || (name !== undefined && names.includes(name));

/**
 * Functions that pick a part of what they are given by a path or a key, known by their last name: lodash's and
 * Ramda's, dlv, dot-prop, jsonpath-plus, JMESPath and `Reflect.get`. Given a path held in a variable, they still pick.
 */
const GETTERS = new Set([
  'get',
  'getIn',
  'getOr',
  'path',
  'pathOr',
  'prop',
  'propOr',
  'dlv',
  'getProperty',
  'at',
  'pick',
  'result',
  'JSONPath',
  'search',
  'getOwnPropertyDescriptor',
]);

/**
 * Whether `call`, handed the answer `value` as its argument `index`, picks a v1 part of it by a path: given beside
 * it a path whose first step names one of the answer's v1 members (`'status'`, `'data.process.flow'`, `['tasks',
 * 0]`, a template or a constant holding one), or a getter by its name given a path the codemod cannot read. A
 * function given no path (`res.json`, `expect`, `isEmpty`, `schema.safeParse`) cannot hand back a v1 field it was
 * not told of, nor a getter told of a member v2 keeps (`get(state, 'instanceId')`).
 */
export function picksByPath(
  functions: Functions,
  source: Source,
  call: AnyCall | Extract<Node, { type: 'NewExpression' }>,
  value: Value,
  index: number,
): boolean {
  const names = v1Names(value);
  return names !== undefined && picksWith(functions, source, call, names, index);
}

/** `picksByPath` for an answer whose v1 members are `names`. */
function picksWith(
  functions: Functions,
  source: Source,
  call: AnyCall | Extract<Node, { type: 'NewExpression' }>,
  names: readonly string[] | 'any',
  index: number,
): boolean {
  // A part of an answer has v1 members of any name: a getter's path, or a path's own syntax, says a string is one.
  return picks(functions, source, call, index, (head, getter) => (names === 'any' ? getter || head.dotted : names.includes(head.step)));
}

/**
 * The one rule of `picksByPath` and `picksMember`: the paths `call` is given beside its argument `index`, or the
 * calls that made the function it calls were given (`fp.get('status')(state)`), decide, by `named`; given none the
 * codemod can read, a getter by its name, a function a call made, or one a module of the project holds where the
 * codemod cannot read it, picks whatever its path names.
 */
function picks(
  functions: Functions,
  source: Source,
  call: AnyCall | Extract<Node, { type: 'NewExpression' }>,
  index: number,
  named: (head: PathHead, getter: boolean) => boolean,
): boolean {
  const makers: Made[] = [];
  let unread = false;
  for (let maker = makerOf(functions, source, call); maker && makers.length < DEPTH; ) {
    if (maker === 'unread') {
      unread = true;
      break;
    }
    makers.push(maker);
    maker = makerOf(functions, maker.source, maker.call);
  }
  const getter = unread || makers.length > 0 || GETTERS.has(calleeName(source, call));
  const heads = [{ source, call }, ...makers].flatMap((made) =>
    made.call.arguments.flatMap((argument, at) => {
      const head = made.call === call && at === index ? undefined : pathHead(made.source, argument, 2);
      return head ? [head] : [];
    }),
  );
  return heads.length > 0 ? heads.some((head) => named(head, getter)) : getter;
}

/** A call that made a function, and the file it is in. */
export interface Made {
  readonly source: Source;
  readonly call: AnyCall;
}

/**
 * The call that made the function `call` calls, which the codemod does not follow into what it returns: its callee
 * (`by('status')(state)`, `propEq('Failed', 'status')(state)`), or the call a `const` it names holds (`const
 * statusOf = fp.get('status')`), in its file or, given `functions`, in the module of the project it is imported
 * from, or under a key of an object literal (`G.status` of `const G = { status: fp.get('status') }`). `unread`
 * where the callee leads into a module of the project that holds it in a way the codemod does not read.
 */
export function makerOf(
  functions: Functions,
  source: Source,
  call: AnyCall | Extract<Node, { type: 'NewExpression' }>,
): Made | 'unread' | undefined {
  const { callee } = call;
  if (isCallLike(callee)) return { source, call: callee };
  const held = functions.heldBy(source, callee);
  if (held === 'unread') return held;
  return held && isCallLike(held.node) ? { source: held.source, call: held.node } : undefined;
}

/** The first step of a path, and whether it has more. */
interface PathHead {
  readonly step: string;
  readonly dotted: boolean;
}

/** The first step of a path an argument names, and whether it has more: a string, a template's text, an array of names, a constant holding one. */
function pathHead(source: Source, node: Node, depth: number): PathHead | undefined {
  const split = (text: string) => {
    const [step = '', ...rest] = text.replace(/^\$\.?/, '').split(/[.[\]]/);
    return step === '' ? undefined : { step, dotted: rest.length > 0 };
  };
  if (node.type === 'StringLiteral') return split(node.value);
  if (node.type === 'TemplateLiteral') return split(node.quasis[0]?.value.cooked ?? '');
  if (node.type === 'ArrayExpression') {
    const first = node.elements[0];
    return first?.type === 'StringLiteral' ? { step: first.value, dotted: node.elements.length > 1 } : undefined;
  }
  if (node.type !== 'Identifier' || depth <= 0) return undefined;
  const declaration = source.scopes.bindingOf(node)?.declaration;
  return declaration?.type === 'VariableDeclarator' && declaration.init ? pathHead(source, declaration.init, depth - 1) : undefined;
}

/** A callee's last name, or the name it was imported under (`import { get as dig } from 'lodash'` is `get`). */
function calleeName(source: Source, call: AnyCall | Extract<Node, { type: 'NewExpression' }>): string {
  const { callee } = call;
  if (callee.type === 'Identifier') {
    const declaration = source.scopes.bindingOf(callee)?.declaration;
    if (declaration?.type === 'ImportSpecifier' && declaration.imported.type === 'Identifier') return declaration.imported.name;
    return callee.name;
  }
  return callee.type === 'V8IntrinsicIdentifier' ? '' : (source.ctx.text(callee).split('.').at(-1)?.replace(/^\??/, '') ?? '');
}

const isCallLike = (node: Node | undefined): node is AnyCall => node?.type === 'CallExpression' || node?.type === 'OptionalCallExpression';

/**
 * Whether `call` picks the member `name` of the object it is given as argument `index` by a path whose first step
 * is `name` (`get(this, 'last.data.process')`, `R.path(['last', 'status'], this)`), or is a getter given a path the
 * codemod cannot read (`get(this, key)`). A path to another member (`get(this, 'token')`) picks nothing of it.
 */
export function picksMember(functions: Functions, source: Source, call: AnyCall, index: number, name: string): boolean {
  return picks(functions, source, call, index, (head) => head.step === name);
}
