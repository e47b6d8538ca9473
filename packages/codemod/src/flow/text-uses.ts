// A status or a decision turned into text (`String(status)`, `${status}`, `status + ''`): shown, the text is
// harmless; read as a value, it is the status or the decision itself, which the codemod no longer follows. An
// instance id in text (a URL, a cookie) leaves the code with it.
import type { Node } from '@babel/types';
import type { Source } from './sources.js';
import { wordingUnfollowed } from './status-and-decision.js';
import type { Tracking } from './tracking.js';
import { carriesInstanceId, type Value } from './values.js';

/** Calls whose result is the text of their argument, as `${value}` is, or a changed form of it (`sameText: false`). */
export const TEXT_CONVERSIONS = new Map([
  ['String', { sameText: true }],
  ['Number', { sameText: false }],
  ['encodeURIComponent', { sameText: false }],
]);

/** What became of an instance id written into text, as its markers say. */
export const IN_TEXT = 'written into text (a URL, a header, a cookie)';

/**
 * `text` holds the text of a status or a decision `value` (a conversion, a template literal, a concatenation). Joined
 * to anything else (`` `${id} ${state.status}` ``, `'not passed: ' + decision`), it is a message, not the value.
 * Alone and unchanged (`String(status)`, `` `${status}` ``, `status + ''`), it is the value itself, followed on as
 * the value is. Changed (`Number(status)`, `encodeURIComponent(decision)`), its comparisons cannot be read: the flow
 * stays on v1 unless that text is only shown (logged, thrown, rendered).
 */
export function turnedIntoText(tracking: Tracking, value: Value, text: Node, source: Source, how: string, sameText = true): void {
  if (value.shape.kind !== 'leaf') return;
  // An instance id in a URL, a cookie or a header built of it leaves with that text, for code that may hand it
  // back to v1 calls; a message that is only shown takes nothing anywhere.
  if (carriesInstanceId(value.shape) && (joined(text) || !sameText)) return void idUnfollowed(tracking, value, text, source, IN_TEXT);
  if (joined(text)) return;
  if (sameText) tracking.follow(value, text, source);
  else unlessShown(tracking, value, text, source, `${how} and uses that text as a value`);
}

/**
 * An instance id at `node` (text made of it, an array the code writes around it, what a method of it answers) that
 * the codemod does not follow on (`how` says what became of it: `put in an array`): it leaves the code there, for
 * code that may hand it back to v1 calls, unless `node` is only shown (logged, thrown, rendered).
 */
export function idUnfollowed(tracking: Tracking, value: Value, node: Node, source: Source, how: string): void {
  if (!onlyShown(source, node)) tracking.idLeaves(source, node, value, `${how}, which the codemod does not follow`);
}

/**
 * A status or a decision at `node` (its text, an array the code writes around it) that the codemod does not follow
 * on (`how` says why): the flow stays on v1 unless `node` is only shown (logged, thrown, rendered).
 */
export function unlessShown(tracking: Tracking, value: Value, node: Node, source: Source, how: string): void {
  if (value.shape.kind === 'leaf' && !onlyShown(source, node)) wordingUnfollowed(tracking, value, node, source, how);
}

/** Whether a template literal or a concatenation joins more than one value, or a value and words of its own. */
function joined(text: Node): boolean {
  if (text.type === 'TemplateLiteral') return text.expressions.length > 1 || text.quasis.some((quasi) => quasi.value.raw !== '');
  return text.type === 'BinaryExpression' && !isEmptyText(text.left) && !isEmptyText(text.right);
}

const isEmptyText = (node: Node): boolean =>
  (node.type === 'StringLiteral' && node.value === '') ||
  (node.type === 'TemplateLiteral' && node.expressions.length === 0 && node.quasis.every((quasi) => quasi.value.raw === ''));

/**
 * Calls that only show what they are given: `console.*`. Not a logger's method (`logger.info`, `req.log.warn`): the
 * run may declare an object of that name whose method sends the text on, or use what it answers.
 */
const SHOWS = /^console\.\w+$/;

/** Whether `node` only reaches a log, an error's message, a thrown value or rendered text, through text made of it. */
function onlyShown(source: Source, node: Node): boolean {
  let current = node;
  // Text in an object written around it (`{ msg: … }`) is only shown when the object goes to a log: an error or a
  // thrown object may carry it on (`{ headers: { Location: … } }`).
  let inObject = false;
  for (let parent = source.parent(current); parent; current = parent, parent = source.parent(current)) {
    switch (parent.type) {
      case 'ParenthesizedExpression':
      case 'TemplateLiteral':
        continue;
      case 'ObjectExpression':
        inObject = true;
        continue;
      case 'ObjectProperty':
        if (parent.value === current) continue;
        return false;
      case 'CallExpression':
        if (source.ctx.text(parent.callee) === 'JSON.stringify' && parent.arguments[0] === current) continue;
        return parent.arguments.includes(current as never) && SHOWS.test(source.ctx.text(parent.callee));
      case 'BinaryExpression':
        if (parent.operator === '+' && !inObject) continue;
        return false;
      case 'ExpressionStatement':
      case 'ThrowStatement':
        return !inObject;
      case 'NewExpression':
        return !inObject && parent.arguments.includes(current as never) && /Error$/.test(source.ctx.text(parent.callee));
      case 'JSXExpressionContainer':
        return !inObject && renderedAsText(parent, source);
      default:
        return false;
    }
  }
  return false;
}

/** `<p>{status}</p>`: shown as text, like a template literal, rather than handed to a component. */
export const renderedAsText = (container: Node, source: Source): boolean =>
  container.type === 'JSXExpressionContainer' && /^JSX(Element|Fragment)$/.test(source.parent(container)?.type ?? '');
