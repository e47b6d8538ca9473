// An answer handed to a function the codemod does not see (a schema's `parse`, io-ts `decode`, a deep copy) and
// read back from what that function returns: the reads are v1 reads of the answer the codemod never follows, so a
// migrated call would reach them in v2's shape (a v1 zod schema throws on every v2 answer).
import type { Node } from '@babel/types';
import { isMember, propertyName } from '../parse/walk.js';
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
export function readBack(source: Source, call: AnyCall | Extract<Node, { type: 'NewExpression' }>, value: Value): string | undefined {
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
  return readOf(source, result, names, DEPTH);
}

/**
 * A v1 read of what `node` holds, within `depth` links: a member chain off it (`list.tasks[0]`, `r.data.status`),
 * or off a name it or a part of it is bound to (`const list = parsed.data`), or a destructured v1 name.
 */
function readOf(source: Source, node: Node, names: readonly string[] | 'any', depth: number): string | undefined {
  if (depth <= 0) return undefined;
  let held = node;
  for (let parent = source.parent(held); parent && WRAPPERS.has(parent.type); parent = source.parent(held)) held = parent;
  const holder = source.parent(held);
  if (isMember(holder) && holder.object === held) {
    if (matches(names, propertyName(holder) ?? (holder.computed ? '[]' : undefined))) return source.ctx.text(holder);
    return readOf(source, holder, names, depth - 1);
  }
  // Handed on to a function that picks from it by a path (`get(copy, 'status')`): a v1 read the codemod cannot rewrite.
  if (
    isCallLike(holder) &&
    holder.arguments.includes(held as never) &&
    picksWith(source, holder, names, holder.arguments.indexOf(held as never))
  )
    return source.ctx.text(holder);
  if (holder?.type !== 'VariableDeclarator' || holder.init !== held) return undefined;
  if (holder.id.type === 'ObjectPattern') {
    const named = holder.id.properties.some(
      (property) => property.type === 'ObjectProperty' && property.key.type === 'Identifier' && matches(names, property.key.name),
    );
    return named ? source.ctx.text(holder.id) : undefined;
  }
  if (holder.id.type !== 'Identifier') return undefined;
  for (const reference of source.scopes.bindingOf(holder.id)?.references ?? []) {
    const read = readOf(source, reference, names, depth - 1);
    if (read) return read;
  }
  return undefined;
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
 * Whether `call`, handed the answer `value` as its argument `index`, picks a part of it by a path: a getter by its
 * name, or any function given beside it a path whose first step names one of the answer's v1 members (`'status'`,
 * `'data.process.flow'`, `['tasks', 0]`, a template or a constant holding one). A function given none (`res.json`,
 * `expect`, `isEmpty`, `schema.safeParse`, an event's name) cannot hand back a v1 field it was not told of.
 */
export function picksByPath(
  source: Source,
  call: AnyCall | Extract<Node, { type: 'NewExpression' }>,
  value: Value,
  index: number,
): boolean {
  const names = v1Names(value);
  return names !== undefined && picksWith(source, call, names, index);
}

/** `picksByPath` for an answer whose v1 members are `names`. */
function picksWith(
  source: Source,
  call: AnyCall | Extract<Node, { type: 'NewExpression' }>,
  names: readonly string[] | 'any',
  index: number,
): boolean {
  if (GETTERS.has(calleeName(source, call))) return true;
  return call.arguments.some((argument, at) => {
    if (at === index) return false;
    const head = pathHead(source, argument, 2);
    // A part of an answer has v1 members of any name: only a path's syntax says a string is one.
    return head !== undefined && (names === 'any' ? head.dotted : names.includes(head.step));
  });
}

/** The first step of a path an argument names, and whether it has more: a string, a template's text, an array of names, a constant holding one. */
function pathHead(source: Source, node: Node, depth: number): { step: string; dotted: boolean } | undefined {
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
export function picksMember(source: Source, call: AnyCall, index: number, name: string): boolean {
  const heads = call.arguments.flatMap((argument, at) => {
    const head = at === index ? undefined : pathHead(source, argument, 2);
    return head ? [head.step] : [];
  });
  return heads.length > 0 ? heads.includes(name) : GETTERS.has(calleeName(source, call));
}
