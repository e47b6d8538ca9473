import type { Expression, Node, ObjectMethod, ObjectProperty } from '@babel/types';
import { isMember, keyName, propertyName, walk } from '../parse/walk.js';

/** Expressions that do something each time they are evaluated, so copying their text repeats what they do. */
const EFFECTS = new Set([
  'CallExpression',
  'OptionalCallExpression',
  'NewExpression',
  'AwaitExpression',
  'YieldExpression',
  'AssignmentExpression',
  'UpdateExpression',
  'TaggedTemplateExpression',
  'ImportExpression',
]);

/** Code that defines a function without running it: the library runs it per request, for the original's as well. */
const DEFINITIONS = new Set(['ArrowFunctionExpression', 'FunctionExpression', 'ObjectMethod']);

/** A function or method whose body only returns an expression. */
export interface ReturningFunction {
  /** Its parameters: a default value is evaluated by a call that leaves the argument out. */
  readonly params: readonly Node[];
  readonly returned: Expression;
}

/** Where the copied text is read: the methods of the class around it and the functions of its file. */
export interface EffectScope {
  /** `this.name` when `name` is a plain method of the class around the call that only returns an expression. */
  returnedBy(callee: Node): ReturningFunction | undefined;
  /** The function `name` when the file declares it once, never assigns it, and its body only returns an expression. */
  returnedByFunction(name: string): ReturningFunction | undefined;
  /** How many times the file binds or assigns `name`: a global is the global only where the file never does. */
  timesWritten(name: string): number;
  /** What reading `this.name` runs when the class declares a getter of that name (`'opaque'`: more than a return). */
  getterRun(member: Node): ReturningFunction | 'opaque' | undefined;
  /** The value of a name the file declares once, as a top-level `const`. */
  heldValue(name: string): Expression | undefined;
  /** Whether `name` is imported from a module of the project that exports it as a function that only computes. */
  importedComputing(name: string): boolean;
}

/** Globals that only compute a value from their arguments, called as `name(…)`. */
const COMPUTING_GLOBALS = new Set(['encodeURIComponent', 'encodeURI', 'String', 'Number', 'Boolean', 'btoa', 'parseInt', 'parseFloat']);

/** Methods of strings (and `toString` of a Buffer) that only compute a value. */
const STRING_METHODS = new Set(['toString', 'trim', 'trimStart', 'trimEnd', 'toLowerCase', 'toUpperCase', 'padStart', 'padEnd']);

/** What the copy leaves out of the check. */
export interface CopiedText {
  /** Subtrees that are not copied (replaced by other text). */
  readonly skipped: ReadonlySet<Node>;
  /** The calls that make the request being copied: not counted themselves, only their parts. */
  readonly made: ReadonlySet<Node>;
}

/**
 * The outermost expression under `root` whose evaluation has an effect (a call, `await`, `new`, an assignment,
 * `++`, `yield`, a tagged template, `delete`), so that evaluating a copy of it does that once more. A call is
 * none when it only computes a value (see `computesOnly`): `JSON.stringify(…)`, `Buffer.from(…).toString('base64')`,
 * or a method of the class (`this.headers()`) or a function of the file (`authHeaders(token)`) that only returns an
 * expression with none. A member read (`this.token`) may run a getter the code does not show: it is
 * taken as a read, as the codemod reads `this.base` through getters everywhere else.
 * @param seen The methods and functions being read already, so one calling itself ends the reading (default: none).
 */
export function firstSideEffect(
  root: Node,
  scope: EffectScope,
  copied: CopiedText,
  seen: ReadonlySet<string> = new Set(),
): Node | undefined {
  let found: Node | undefined;
  walk(root, (node, ancestors) => {
    if (found || copied.skipped.has(node) || copied.made.has(node)) return;
    if (ancestors.some((ancestor) => copied.skipped.has(ancestor) || DEFINITIONS.has(ancestor.type))) return;
    if (node.type === 'CallExpression' && computesOnly(node.callee, scope, seen)) return;
    if (EFFECTS.has(node.type) || (node.type === 'UnaryExpression' && node.operator === 'delete')) found = node;
    else if (runsWhenRead(node, ancestors.at(-1)) || readRunsShownCode(node, ancestors.at(-1), scope, seen)) found = node;
  });
  return found;
}

/**
 * Whether reading `node` runs code the file shows: a getter of the class (`this.requestId`, one that does more than
 * return, or returns what runs something), or a name holding an object written with a getter or a conversion
 * method (`const nonce = { toString: … }`), which a template, `String(…)` or a spread runs.
 */
function readRunsShownCode(node: Node, parent: Node | undefined, scope: EffectScope, seen: ReadonlySet<string>): boolean {
  if (isMember(node) && !(parent?.type === 'CallExpression' && parent.callee === node)) {
    const run = scope.getterRun(node);
    const name = propertyName(node) ?? '';
    return run === 'opaque' || (run !== undefined && (seen.has(name) || !returnsWithoutEffect(run, scope, seen, name)));
  }
  if (node.type !== 'Identifier' || isKeyOrProperty(node, parent)) return false;
  const held = scope.heldValue(node.name);
  return held?.type === 'ObjectExpression' && held.properties.some((property) => runsWhenRead(property, held));
}

/** Whether `node` names a key or a property (`{ name: … }`, `x.name`) rather than reading a variable. */
const isKeyOrProperty = (node: Node, parent: Node | undefined): boolean =>
  ((parent?.type === 'ObjectProperty' || parent?.type === 'ObjectMethod') && parent.key === node && !parent.computed) ||
  (isMember(parent) && parent.property === node && !parent.computed);

/** Methods a conversion calls by itself: a template or `String(…)`, `JSON.stringify`, arithmetic. */
const CONVERSIONS = new Set(['toString', 'valueOf', 'toJSON']);

/**
 * Code that runs when an object is read rather than called: a getter or setter (spreading the object runs it), a
 * conversion method (`toString`, `valueOf`, `toJSON`, or any computed key, `[Symbol.toPrimitive]` among them), and
 * the spread of an iterable into an array or arguments, which runs its iterator (a generator's ends once drained).
 */
function runsWhenRead(node: Node, parent: Node | undefined): boolean {
  if (node.type === 'ObjectMethod') return node.kind !== 'method' || isConversion(node);
  if (node.type === 'ObjectProperty' && DEFINITIONS.has(node.value.type)) return isConversion(node);
  return node.type === 'SpreadElement' && parent?.type !== 'ObjectExpression';
}

const isConversion = (node: ObjectMethod | ObjectProperty): boolean => node.computed || CONVERSIONS.has(keyName(node) ?? '');

/**
 * Whether calling `callee` only computes a value from what it is given: `JSON.stringify`, `Buffer.from`, a global
 * such as `encodeURIComponent`, a string method of a value known to be a string (not of a name: the code may not
 * show what it holds), or a method of the class or a function of the file that only returns an expression doing
 * nothing itself. A global counts only in a file that never binds its name.
 */
function computesOnly(callee: Node, scope: EffectScope, seen: ReadonlySet<string>): boolean {
  if (callee.type === 'Identifier') {
    if (COMPUTING_GLOBALS.has(callee.name) && isGlobal(callee, callee.name, scope)) return true;
    if (scope.importedComputing(callee.name)) return true;
    return !seen.has(callee.name) && returnsWithoutEffect(scope.returnedByFunction(callee.name), scope, seen, callee.name);
  }
  if (!isMember(callee)) return false;
  const name = propertyName(callee);
  if (name === undefined) return false;
  if ((name === 'stringify' && isGlobal(callee.object, 'JSON', scope)) || isBufferFrom(callee, scope)) return true;
  if (STRING_METHODS.has(name) && isComputedText(callee.object, scope)) return true;
  if (callee.object.type !== 'ThisExpression' || seen.has(name)) return false;
  return returnsWithoutEffect(scope.returnedBy(callee), scope, seen, name);
}

const isGlobal = (node: Node, name: string, scope: EffectScope): boolean =>
  node.type === 'Identifier' && node.name === name && scope.timesWritten(name) === 0;

const isBufferFrom = (callee: Node, scope: EffectScope): boolean =>
  isMember(callee) && propertyName(callee) === 'from' && isGlobal(callee.object, 'Buffer', scope);

/** Globals whose call answers a string. */
const TEXT_GLOBALS = new Set(['encodeURIComponent', 'encodeURI', 'String', 'btoa']);

/** Whether `node` is a string (or a Buffer) made here: a literal, a template, or a call that only computes one. */
function isComputedText(node: Node, scope: EffectScope): boolean {
  if (node.type === 'StringLiteral' || node.type === 'TemplateLiteral') return true;
  if (node.type !== 'CallExpression') return false;
  const { callee } = node;
  if (callee.type === 'Identifier') return TEXT_GLOBALS.has(callee.name) && isGlobal(callee, callee.name, scope);
  if (isBufferFrom(callee, scope)) return true;
  const name = propertyName(callee);
  return isMember(callee) && name !== undefined && STRING_METHODS.has(name) && isComputedText(callee.object, scope);
}

function hasArrayPattern(param: Node): boolean {
  let found = false;
  walk(param, (node) => {
    if (node.type === 'ArrayPattern') found = true;
  });
  return found;
}

/**
 * Functions and methods already read, per scope and by what they return: each is read once however often the text
 * calls it. Per scope, since one syntax tree is read both as an imported module and as a file being planned.
 */
const readAlready = new WeakMap<EffectScope, WeakMap<Node, boolean>>();

/** How deep a chain of functions calling functions is read; a deeper one is taken to do something. */
const MAX_DEPTH = 32;

/** Whether calling the function `name` of `scope` only computes a value (see `firstSideEffect`). */
export const computesOnlyFunction = (name: string, scope: EffectScope): boolean =>
  returnsWithoutEffect(scope.returnedByFunction(name), scope, new Set(), name);

/** Whether a call of `fn`, the method or function `name`, does nothing: neither its parameters' defaults nor what it returns. */
function returnsWithoutEffect(fn: ReturningFunction | undefined, scope: EffectScope, seen: ReadonlySet<string>, name: string): boolean {
  // A parameter written as an array pattern runs its argument's iterator, which a generator's ends once drained.
  if (!fn || seen.size >= MAX_DEPTH || fn.params.some(hasArrayPattern)) return false;
  const read = readAlready.get(scope) ?? new WeakMap<Node, boolean>();
  readAlready.set(scope, read);
  const known = read.get(fn.returned);
  if (known !== undefined) return known;
  const none: CopiedText = { skipped: new Set(), made: new Set() };
  const reading = new Set([...seen, name]);
  const nothing = [...fn.params, fn.returned].every((node) => firstSideEffect(node, scope, none, reading) === undefined);
  read.set(fn.returned, nothing);
  return nothing;
}
