// The strings whose meaning v2 changes, wherever the code compares, switches on, lists or hands them on: a failed
// status that may also read 'Error', and a decision in v2's words.
import type { NewExpression, Node } from '@babel/types';
import { DEFAULT_DECISION_OUTCOMES, FAILURE_STATUSES } from '@journey-bridge/contract';
import { evaluate } from '../analysis/evaluate.js';
import { isMember, propertyName } from '../parse/walk.js';
import type { Source } from './sources.js';
import type { AnyCall, Tracking } from './tracking.js';
import { REPEATABLE } from './v2-forms.js';
import { carriesDecision, carriesStatus, type Value } from './values.js';

const [FAILED, ERROR] = FAILURE_STATUSES;
/** The v2 word for each v1 decision wording the change register maps. */
export const V1_DECISIONS: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(DEFAULT_DECISION_OUTCOMES).map(([v2, v1]) => [v1, v2]),
);

/**
 * Methods that test whether a list holds a value: a status tested so is compared with each listed spelling
 * (`indexOf` only where its result is compared with -1 or 0 to ask just that).
 */
const MEMBERSHIP_METHODS = new Set(['includes', 'has', 'indexOf']);

/** `status === 'Failed'`, a decision or a flow entry's outcome compared with a literal. */
export function compared(
  tracking: Tracking,
  value: Value,
  comparison: Extract<Node, { type: 'BinaryExpression' }>,
  node: Node,
  source: Source,
): void {
  if (value.shape.kind !== 'leaf') return;
  const equality = ['===', '==', '!==', '!='].includes(comparison.operator);
  const other = comparison.left === node ? comparison.right : comparison.left;
  if (value.shape.leaf === 'decision' && other.type !== 'StringLiteral') {
    // Only a literal can be rewritten in v2's words; a name, a member or `in` may hold v1's.
    const how = comparison.operator === 'in' ? `looks it up in ${source.ctx.text(other)}` : `compares it with ${source.ctx.text(other)}`;
    if (!(equality && isAbsent(other))) decisionMatched(tracking, value, comparison, source, how);
    return;
  }
  if (value.shape.leaf === 'status') return void statusCompared(tracking, value, comparison, other, node, source);
  if (!equality || other.type !== 'StringLiteral') return;
  const { leaf: kind } = value.shape;
  if (kind === 'decision') return void decisionLiteral(tracking, value, other, source);
  if (kind === 'outcome' && other.value.startsWith('Decision') && !comparison.operator.startsWith('!')) {
    tracking.refuseState(source, comparison, value, 'this code picks the decision among the flow entries; v2 keeps it in the result');
  }
}

/**
 * A status compared: with `'Failed'`, or a constant the codemod knows holds it, the comparison takes `'Error'`
 * too; with anything it cannot read (a parameter, a member, `in` a table), the flow stays on v1.
 */
function statusCompared(
  tracking: Tracking,
  value: Value,
  comparison: Extract<Node, { type: 'BinaryExpression' }>,
  other: Node,
  node: Node,
  source: Source,
): void {
  if (comparison.operator === 'in' && comparison.left === node)
    return void statusMatched(tracking, value, comparison, source, `looks it up in ${source.ctx.text(other)}`);
  if (!['===', '==', '!==', '!='].includes(comparison.operator) || isAbsent(other)) return;
  const known = knownString(other, source);
  if (known === undefined) return void statusMatched(tracking, value, comparison, source, `compares it with ${source.ctx.text(other)}`);
  if (known !== FAILED) return;
  const error =
    other.type === 'StringLiteral'
      ? `${source.ctx.source[other.start ?? 0] ?? "'"}${ERROR}${source.ctx.source[other.start ?? 0] ?? "'"}`
      : source.ctx.str(ERROR);
  const holder = source.parent(comparison);
  // Already taking both spellings (a run before this one).
  if (holder?.type === 'LogicalExpression' && source.ctx.text(holder).includes(error)) return;
  // The second comparison evaluates the status again: a call in it (`(await fetchState()).status`) would run twice.
  if (!REPEATABLE.test(source.ctx.text(node))) {
    return void tracking.refuse(
      source,
      comparison,
      value,
      'status.failure-spelling',
      `a failed journey's status would read '${FAILED}' or '${ERROR}' on v2, and comparing ${source.ctx.text(node)} with both would evaluate it twice`,
      `assign the status to a variable first (const status = …), compare that with '${FAILED}', then run again`,
    );
  }
  // The status itself may be rewritten (a task list's `list.status`): the comparison is added to, never replaced.
  const subject = tracking.rewritten(source, node);
  const { operator } = comparison;
  const bare = /^(IfStatement|WhileStatement|ReturnStatement|VariableDeclarator)$/.test(holder?.type ?? '');
  const site = tracking.site(source, comparison, value, 'status.failure-spelling', `'${FAILED}' also spelled '${ERROR}' on v2`);
  // A comparison reached again, by the answer of another call (a state fetched before a loop and in it): the site
  // now follows that call too, and the comparison already takes both spellings.
  if (site.edits.length > 0) return;
  if (!bare) site.edit(comparison.start ?? 0, comparison.start ?? 0, '(');
  site.edit(
    comparison.end ?? 0,
    comparison.end ?? 0,
    `${operator.startsWith('!') ? ' &&' : ' ||'} ${subject} ${operator} ${error}${bare ? '' : ')'}`,
  );
}

/**
 * `['Completed', 'Failed'].includes(status)`, `new Set([…]).has(status)`: a list written inline gains `'Error'`
 * beside `'Failed'`; a list held elsewhere (a constant, a parameter) may be shared or built at run time, so the
 * flow stays on v1 and the marker says where to add it.
 */
function statusListed(tracking: Tracking, value: Value, list: Node, call: Node, source: Source): void {
  const inline =
    list.type === 'ArrayExpression'
      ? list
      : list.type === 'NewExpression' && source.ctx.text(list.callee) === 'Set' && list.arguments[0]?.type === 'ArrayExpression'
        ? list.arguments[0]
        : undefined;
  const literals = inline?.elements.every((element) => element?.type === 'StringLiteral') ? inline.elements : undefined;
  if (!literals) return void statusMatched(tracking, value, call, source, `matches it against ${source.ctx.text(list)}`);
  const failed = literals.find((element) => element?.type === 'StringLiteral' && element.value === FAILED);
  if (!failed || literals.some((element) => element?.type === 'StringLiteral' && element.value === ERROR)) return;
  const quote = source.ctx.source[failed.start ?? 0] ?? "'";
  tracking
    .site(source, list, value, 'status.failure-spelling', `'${FAILED}' also spelled '${ERROR}' on v2`)
    .edit(failed.end ?? 0, failed.end ?? 0, `, ${quote}${ERROR}${quote}`);
}

/** A status matched in a way the codemod cannot rewrite to take v2's second spelling: the flow stays on v1. */
export function statusMatched(tracking: Tracking, value: Value, node: Node, source: Source, how: string): void {
  tracking.refuse(
    source,
    node,
    value,
    'status.failure-spelling',
    `a failed journey's status would read '${FAILED}' or '${ERROR}' on v2, and this code ${how}, which the codemod cannot show takes both`,
    `treat '${ERROR}' as '${FAILED}' here (a table gets an '${ERROR}' key, a list both, a case-folded compare 'error' too), then run again`,
  );
}

/**
 * A status or a decision, alone or in an object the code wrote, that goes where the codemod does not follow it
 * (`how` says where): a read there may match only v1's words, so the flow stays on v1.
 */
export function wordingUnfollowed(tracking: Tracking, value: Value, node: Node, source: Source, how: string): void {
  if (carriesDecision(value.shape)) decisionMatched(tracking, value, node, source, how);
  else if (carriesStatus(value.shape)) statusMatched(tracking, value, node, source, how);
}

/** A status that leaves the code as a value: whoever reads it may compare it with `'Failed'` only. */
export function statusEscapes(tracking: Tracking, value: Value, node: Node, source: Source): void {
  tracking.refuse(
    source,
    node,
    value,
    'status.failure-spelling',
    `a failed journey's status would read '${FAILED}' or '${ERROR}' on v2, and it is handed to code the codemod does not see`,
    `make the code that reads it treat '${ERROR}' as '${FAILED}', then run again`,
  );
}

/**
 * A status given a type narrower than a string (`const s: Status = state.status` with the project's union of v1's
 * statuses, an exhaustiveness check's `never`): v2's status is any string and may read 'Error', so the migrated
 * code would not compile, and adding 'Error' to the project's type would not make a string fit it. The flow stays
 * on v1.
 */
export function statusTyped(tracking: Tracking, value: Value, type: Node, source: Source): void {
  tracking.refuse(
    source,
    type,
    value,
    'status.failure-spelling',
    `a failed journey's status would read '${FAILED}' or '${ERROR}' on v2, any string, and this code gives it the type ${source.ctx.text(type)}, which a v2 status does not fit`,
    `type it string (an exhaustiveness check's default too) and treat '${ERROR}' as '${FAILED}', then run again`,
  );
}

/** A decision given a type narrower than a string: v2's words (`'Accept'`) do not fit the project's union of v1's. */
export function decisionTyped(tracking: Tracking, value: Value, type: Node, source: Source): void {
  tracking.refuse(
    source,
    type,
    value,
    'response.decision-wording',
    `the decision would be in v2's words (${Object.keys(DEFAULT_DECISION_OUTCOMES).join(', ')}), and this code gives it the type ${source.ctx.text(type)}, which they do not fit`,
    "type it string, then run again: its comparisons are rewritten to v2's words",
  );
}

/**
 * `switch (status)` gains `case 'Error':` beside a case of `'Failed'` (a literal, or a constant the codemod knows
 * holds it); a case it cannot read keeps the flow on v1. `switch (decision)` compares v2's words.
 */
export function switched(tracking: Tracking, value: Value, statement: Extract<Node, { type: 'SwitchStatement' }>, source: Source): void {
  if (value.shape.kind !== 'leaf') return;
  const { leaf: kind } = value.shape;
  // One `case 'Error':` a switch: beside the first case of 'Failed' (two such cases are possible, the second unreachable).
  let takesError = statement.cases.some((item) => item.test && knownString(item.test, source) === ERROR);
  for (const entry of statement.cases) {
    const { test } = entry;
    if (!test || isAbsent(test)) continue;
    if (kind === 'decision') {
      if (test.type === 'StringLiteral') decisionLiteral(tracking, value, test, source);
      else decisionMatched(tracking, value, test, source, `compares it with case ${source.ctx.text(test)}`);
      continue;
    }
    if (kind !== 'status') continue;
    const known = knownString(test, source);
    if (known === undefined) {
      statusMatched(tracking, value, test, source, `compares it with case ${source.ctx.text(test)}`);
      continue;
    }
    if (known !== FAILED || takesError) continue;
    takesError = true;
    const quote = test.type === 'StringLiteral' ? (source.ctx.source[test.start ?? 0] ?? "'") : undefined;
    // On a line of its own, the new case goes above at the same indent; after other code (`{ case 'Failed': …`), beside it.
    const before = source.ctx.source.slice(source.ctx.lineStart(entry.start ?? 0), entry.start ?? 0);
    const separator = /^\s*$/.test(before) ? `${source.ctx.eol}${before}` : ' ';
    const spelled = quote ? `${quote}${ERROR}${quote}` : source.ctx.str(ERROR);
    tracking
      .site(source, entry, value, 'status.failure-spelling', `'${FAILED}' also spelled '${ERROR}' on v2`)
      .edit(entry.start ?? 0, entry.start ?? 0, `case ${spelled}:${separator}`);
  }
}

/**
 * The decision matched against values that are not literals (a table keyed by wordings, a constant, `in`):
 * they may hold v1's words, which the v2 decision never equals, so the flow stays on v1.
 */
export function decisionMatched(tracking: Tracking, value: Value, node: Node, source: Source, how: string): void {
  tracking.refuse(
    source,
    node,
    value,
    'response.decision-wording',
    `the decision would be in v2's words (${Object.keys(DEFAULT_DECISION_OUTCOMES).join(', ')}), and this code ${how}, whose words the codemod cannot rewrite`,
    "match decisionOf(state) against 'Accept', 'Reject', 'Manual review' (table keys and constants too)",
  );
}

/** A v1 decision wording compared with the decision: the v2 word it stands for, when the register knows it. */
export function decisionLiteral(tracking: Tracking, value: Value, literal: Extract<Node, { type: 'StringLiteral' }>, source: Source): void {
  // Already one of v2's words.
  if (literal.value in DEFAULT_DECISION_OUTCOMES) return;
  const word = V1_DECISIONS[literal.value];
  if (word === undefined) {
    return void tracking.refuse(
      source,
      literal,
      value,
      'response.decision-wording',
      `"${literal.value}" is not a decision wording the change register maps (${Object.values(DEFAULT_DECISION_OUTCOMES).join(', ')})`,
      "compare decisionOf(state) with 'Accept', 'Reject' or 'Manual review'",
    );
  }
  const quote = source.ctx.source[literal.start ?? 0] ?? "'";
  tracking
    .site(source, literal, value, 'response.decision-wording', 'v1 decision wording → v2')
    .replace(literal, `${quote}${word}${quote}`);
}

/** A decision that leaves the code as a value: whoever reads it expects v1's words. */
export function decisionEscapes(tracking: Tracking, value: Value, node: Node, source: Source): void {
  tracking.refuse(
    source,
    node,
    value,
    'response.state-result',
    'v2 keeps the overall decision in context.result, with other outcome words',
    "decisionOf(state) of the generated journey-v2 module ('Accept' | 'Reject' | 'Manual review'), compared where it is read",
  );
}

/** `outcome.startsWith('Decision…')`: leaving decisions out of the steps is kept; picking the decision from them is not. */
export function outcomeTest(tracking: Tracking, value: Value, call: AnyCall, source: Source): void {
  const [argument] = call.arguments;
  if (argument?.type !== 'StringLiteral' || !argument.value.startsWith('Decision')) return;
  if (source.parent(call)?.type === 'UnaryExpression') return;
  tracking.refuseState(source, call, value, 'this code picks the decision among the flow entries; v2 keeps it in the result');
}

/**
 * A status passed to `list.includes(status)`, `set.has(status)` or `list.indexOf(status)`: whether it was matched
 * against that list here.
 */
export function statusArgument(tracking: Tracking, value: Value, call: AnyCall | NewExpression, index: number, source: Source): boolean {
  if (value.shape.kind !== 'leaf' || value.shape.leaf !== 'status' || index !== 0 || !isMember(call.callee)) return false;
  const method = propertyName(call.callee);
  // An index is a position in the list, which gaining 'Error' shifts: only whether the status is listed may be asked.
  if (method === 'indexOf' && !testsPresence(source, call)) {
    statusMatched(
      tracking,
      value,
      call,
      source,
      `takes its position in ${source.ctx.text(call.callee.object)} (an added '${ERROR}' would shift the positions after it)`,
    );
    return true;
  }
  if (method !== undefined && MEMBERSHIP_METHODS.has(method)) {
    statusListed(tracking, value, call.callee.object, call, source);
    return true;
  }
  return false;
}

/** `undefined`, `null` or `void 0`: what a decision is compared with to ask whether there is one, in any version. */
export const isAbsent = (node: Node): boolean =>
  (node.type === 'Identifier' && node.name === 'undefined') ||
  node.type === 'NullLiteral' ||
  (node.type === 'UnaryExpression' && node.operator === 'void');

/** The string `node` holds when the code shows it (a literal, a constant of the file, an imported one). */
export function knownString(node: Node, source: Source): string | undefined {
  const known = evaluate(node, source.ctx);
  if (known.kind !== 'string' || known.parts.some((part) => part.kind === 'hole')) return undefined;
  return known.parts.map((part) => (part.kind === 'text' ? part.value : '')).join('');
}

/** The sides of a comparison with a number that ask whether an index was found: `>= 0`, `< 0`, `> -1`, `=== -1` and their kin. */
const PRESENCE_TESTS: Readonly<Record<string, readonly string[]>> = {
  '-1': ['===', '!==', '==', '!=', '>', '<='],
  '0': ['>=', '<'],
};
const FLIPPED: Readonly<Record<string, string>> = { '<': '>', '>': '<', '<=': '>=', '>=': '<=' };

/** Whether `call`'s result (an index) is only compared with -1 or 0, which asks whether the value is listed at all. */
function testsPresence(source: Source, call: Node): boolean {
  const comparison = source.parent(call);
  if (comparison?.type !== 'BinaryExpression') return false;
  const left = comparison.left === call;
  const other = left ? comparison.right : comparison.left;
  const number =
    other.type === 'NumericLiteral'
      ? other.value
      : other.type === 'UnaryExpression' && other.operator === '-' && other.argument.type === 'NumericLiteral'
        ? -other.argument.value
        : undefined;
  const operator = left ? comparison.operator : (FLIPPED[comparison.operator] ?? comparison.operator);
  return number !== undefined && (PRESENCE_TESTS[String(number)] ?? []).includes(operator);
}
