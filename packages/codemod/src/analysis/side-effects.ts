import type { Expression, Node } from '@babel/types';
import { isMember, propertyName, walk } from '../parse/walk.js';

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

/** Where the copied text is read: the methods of the class around it. */
export interface EffectScope {
  /** What `this.name(…)` returns when `name` is a plain method of the class around the call that only returns an expression. */
  returnedBy(callee: Node): Expression | undefined;
}

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
 * none when it only computes a value: `JSON.stringify(…)`, or a method of the class (`this.headers()`) that only
 * returns an expression with none. A member read (`this.token`) may run a getter the code does not show: it is
 * taken as a read, as the codemod reads `this.base` through getters everywhere else.
 * @param seen The methods being read already, so a method calling itself ends the reading (default: none).
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
  });
  return found;
}

/** Whether calling `callee` only computes a value from what it is given. */
function computesOnly(callee: Node, scope: EffectScope, seen: ReadonlySet<string>): boolean {
  if (!isMember(callee)) return false;
  const name = propertyName(callee);
  if (callee.object.type === 'Identifier' && callee.object.name === 'JSON' && name === 'stringify') return true;
  if (callee.object.type !== 'ThisExpression' || name === undefined || seen.has(name)) return false;
  const returned = scope.returnedBy(callee);
  const none: CopiedText = { skipped: new Set(), made: new Set() };
  return returned !== undefined && firstSideEffect(returned, scope, none, new Set([...seen, name])) === undefined;
}
