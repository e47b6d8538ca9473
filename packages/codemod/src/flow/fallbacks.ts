// What a decision or a status may be instead of the read: the other side of `||` or `??`, the other branch of a
// conditional, a default. The comparisons take v2's words, so the value it falls back to must take them too.
import type { Node } from '@babel/types';
import { DEFAULT_DECISION_OUTCOMES, FAILURE_STATUSES } from '@journey-bridge/contract';
import type { Source } from './sources.js';
import { decisionLiteral, decisionMatched, isAbsent, knownString, V1_DECISIONS } from './status-and-decision.js';
import type { Tracking } from './tracking.js';
import { TASK_FORM } from './v2-forms.js';
import type { Value } from './values.js';

const [FAILED, ERROR] = FAILURE_STATUSES;

/** Expressions that are never a string: what a decision or a status falls back to there matches no wording. */
const NEVER_TEXT = new Set([
  'NumericLiteral',
  'BigIntLiteral',
  'BooleanLiteral',
  'NullLiteral',
  'RegExpLiteral',
  'ObjectExpression',
  'ArrayExpression',
  'ArrowFunctionExpression',
  'FunctionExpression',
  'ClassExpression',
]);

/**
 * `fallback`, whose value the decision or status `value` may hold instead of its own (`decision || 'Decision:
 * Reject'`, `cond ? decision : other`, `(d = 'Decision: Reject') =>`): a v1 decision wording written there becomes
 * v2's, as the comparisons do; a value that may hold a wording the comparisons would now read otherwise keeps the
 * flow on v1.
 */
export function fallenBackTo(tracking: Tracking, value: Value, fallback: Node, source: Source): void {
  if ('root' in value.shape) return void partFallback(tracking, value, fallback, source);
  if (value.shape.kind !== 'leaf' || (value.shape.leaf !== 'decision' && value.shape.leaf !== 'status')) return;
  for (const alternative of alternativesOf(fallback)) {
    if (NEVER_TEXT.has(alternative.type) || isAbsent(alternative)) continue;
    if (value.shape.leaf === 'decision') decisionFallback(tracking, value, alternative, source);
    else statusFallback(tracking, value, alternative, source);
  }
}

/** The assignments that leave their variable either as it was or the value on their right. */
const FALLING_BACK = new Set(['=', '??=', '||=', '&&=']);

/**
 * Whether `reference`, a name bound to the decision, status or part of the state `value`, is written there. A write
 * is another value the name may hold: `d ??= 'Decision: Reject'` and `if (!d) d = …` are checked as `d ?? …` is,
 * unless the tracker followed the same answer into their right side (`status = await getStatus(id)` in a polling
 * loop, `d = d || …`), and a write the codemod cannot read that way (`d += …`, `[d] = …`, `for (d of …)`) keeps
 * the flow on v1.
 */
export function reassigned(tracking: Tracking, value: Value, reference: Node, source: Source): boolean {
  const write = writeAround(reference, source);
  if (!write) return false;
  const direct = write.type === 'AssignmentExpression' && write.left === reference;
  // Other parts of the answer take no fallback's words: a name written directly is no read of them, as before.
  const leaf = value.shape.kind === 'leaf' ? value.shape.leaf : undefined;
  if (value.shape.kind === 'task' || value.shape.kind === 'tasks') return taskNameWritten(tracking, value, write, direct, source);
  if (!('root' in value.shape) && leaf !== 'decision' && leaf !== 'status') return direct;
  if (direct && FALLING_BACK.has(write.operator)) {
    // Whether the right side is this answer again is known once every answer has been followed.
    tracking.afterFollowing(() => {
      // A status read of another call (a polling loop fetching the state again) takes v2's words as this one does.
      const again =
        tracking.followedInto(value, write.right, source) || (leaf === 'status' && tracking.followedAsShape(value, write.right, source));
      if (!again) fallenBackTo(tracking, value, write.right, source);
    });
    // `(d ??= other) === …` reads the name's new value.
    tracking.follow(value, write, source);
    return true;
  }
  const how = `it is assigned again by ${source.ctx.text(write)}, a value the codemod cannot compare with v2's words`;
  const suggestion = 'assign it with =, ??= or ||= from a literal, then run again';
  if ('root' in value.shape) tracking.refuseState(source, write, value, how);
  else
    tracking.refuse(source, write, value, leaf === 'decision' ? 'response.decision-wording' : 'status.failure-spelling', how, suggestion);
  return true;
}

/**
 * A write to a name holding the task list or its first task, which the migration makes hold the interaction's id:
 * anything written there but the same answer again (a re-list in a loop) would then be read as that id
 * (`if (!task) task = cached` would submit the cached task itself), so it keeps the flow on v1.
 */
function taskNameWritten(tracking: Tracking, value: Value, write: Node, direct: boolean, source: Source): boolean {
  const how = `it is assigned again by ${source.ctx.text(write)}, which migrated would be read as the interaction's id`;
  const refuse = () => tracking.refuse(source, write, value, 'endpoint.task-list', how, TASK_FORM);
  if (direct && write.type === 'AssignmentExpression' && write.operator === '=') {
    const right = write.right;
    tracking.afterFollowing(() => {
      if (!tracking.followedInto(value, right, source)) refuse();
    });
  } else refuse();
  return true;
}

/** The assignment, loop or update that writes `reference`, directly or as part of a destructuring pattern. */
function writeAround(reference: Node, source: Source): Node | undefined {
  let node = reference;
  for (let parent = source.parent(node); parent; node = parent, parent = source.parent(node)) {
    switch (parent.type) {
      case 'AssignmentExpression':
      case 'ForOfStatement':
      case 'ForInStatement':
        return parent.left === node ? parent : undefined;
      case 'UpdateExpression':
        return parent;
      case 'ObjectProperty':
        // A property of a pattern writes its value; one of an object literal is a read.
        if (parent.value !== node || source.parent(parent)?.type !== 'ObjectPattern') return undefined;
        break;
      case 'AssignmentPattern':
        if (parent.left !== node) return undefined;
        break;
      case 'ArrayPattern':
      case 'ObjectPattern':
      case 'RestElement':
      case 'ParenthesizedExpression':
      case 'TSAsExpression':
      case 'TSNonNullExpression':
      case 'TSSatisfiesExpression':
      case 'TSTypeAssertion':
        break;
      default:
        return undefined;
    }
  }
  return undefined;
}

/** The expressions whose value `node` may be: each branch of a conditional, each side of `||` and `??`. */
function alternativesOf(node: Node): Node[] {
  switch (node.type) {
    case 'ParenthesizedExpression':
    case 'TSAsExpression':
    case 'TSSatisfiesExpression':
    case 'TSNonNullExpression':
    case 'TSTypeAssertion':
      return alternativesOf(node.expression);
    case 'ConditionalExpression':
      return [...alternativesOf(node.consequent), ...alternativesOf(node.alternate)];
    // The left side of `&&` is its value only when falsy, which no wording is.
    case 'LogicalExpression':
      return node.operator === '&&' ? alternativesOf(node.right) : [...alternativesOf(node.left), ...alternativesOf(node.right)];
    case 'SequenceExpression':
      return alternativesOf(node.expressions[node.expressions.length - 1] as Node);
    default:
      return [node];
  }
}

/**
 * A part of the state on the way to the decision (`state.data ?? cached`, `flow.decision?.result ?? { outcome: … }`):
 * the read is rewritten from the state itself (`decisionOf(state)`), so a fallback with anything in it would be lost.
 */
function partFallback(tracking: Tracking, value: Value, fallback: Node, source: Source): void {
  for (const alternative of alternativesOf(fallback)) {
    const empty = (alternative.type === 'ObjectExpression' && alternative.properties.length === 0) || isAbsent(alternative);
    if (!empty) {
      tracking.refuseState(
        source,
        alternative,
        value,
        `it falls back to ${source.ctx.text(alternative)}, which the v2 read of the state (decisionOf, moduleSteps) would no longer see`,
      );
    }
  }
}

function decisionFallback(tracking: Tracking, value: Value, fallback: Node, source: Source): void {
  if (fallback.type === 'StringLiteral' && fallback.value in V1_DECISIONS) return void decisionLiteral(tracking, value, fallback, source);
  const known = knownString(fallback, source);
  const how = `falls back to ${source.ctx.text(fallback)}`;
  if (known === undefined) return void decisionMatched(tracking, value, fallback, source, how);
  if (known in DEFAULT_DECISION_OUTCOMES) {
    // On v1 no decision read equals it; on v2 the comparisons rewritten to v2's words would take it for one.
    return void tracking.refuse(
      source,
      fallback,
      value,
      'response.decision-wording',
      `it falls back to '${known}', v2's word for a decision, which the comparisons rewritten to v2's words would take for one where v1's did not`,
      "fall back to a value that names no decision (undefined, 'pending'), then run again",
    );
  }
  if (known in V1_DECISIONS) decisionMatched(tracking, value, fallback, source, how);
}

function statusFallback(tracking: Tracking, value: Value, fallback: Node, source: Source): void {
  const known = knownString(fallback, source);
  if (known !== undefined && known !== ERROR) return;
  const what =
    known === ERROR ? `'${ERROR}', which v2 spells a failed status with` : `${source.ctx.text(fallback)}, which may hold '${ERROR}'`;
  tracking.refuse(
    source,
    fallback,
    value,
    'status.failure-spelling',
    `a failed journey's status would read '${FAILED}' or '${ERROR}' on v2, and this code falls back to ${what}: the comparisons taking '${ERROR}' for '${FAILED}' would take it too`,
    `fall back to a value the code shows is no '${ERROR}' (a literal such as 'InProgress'), then run again`,
  );
}
