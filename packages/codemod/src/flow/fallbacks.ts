// What a decision or a status may be instead of the read: the other side of `||` or `??`, the other branch of a
// conditional, a default. The comparisons take v2's words, so the value it falls back to must take them too.
import type { Node } from '@babel/types';
import { DEFAULT_DECISION_OUTCOMES, FAILURE_STATUSES } from '@journey-bridge/contract';
import type { Source } from './sources.js';
import { decisionLiteral, decisionMatched, isAbsent, knownString, V1_DECISIONS } from './status-and-decision.js';
import type { Tracking } from './tracking.js';
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
