import type { CallExpression, Node, ObjectExpression } from '@babel/types';
import { isMember, keyName, propertyName } from '../parse/walk.js';
import type { FileContext } from './file-context.js';
import { propertyOf } from './object-edits.js';

/**
 * The JSON body of a request: an object literal the codemod can edit, or an expression it cannot see into; `at`
 * is the expression written in the call (the literal itself, or the constant's name).
 */
export type RequestBody =
  | { readonly object: ObjectExpression; readonly at: Node }
  | { readonly opaque: Node; readonly at: Node }
  | { readonly missing: true };

const BODY_KEYS = ['json', 'data', 'body'];
/** Fields only a journey request body has: an object with one is the body, even with a `data` field of its own. */
const REQUEST_FIELDS = ['instanceId', 'taskId', 'resourceId', 'context', 'intent'];

/** Whether an object literal is request options (`{ method, json }`) rather than the request body itself. */
const isOptions = (object: ObjectExpression): boolean => {
  const keys = object.properties.map((property) => keyName(property) ?? '');
  return keys.some((key) => BODY_KEYS.includes(key)) && !keys.some((key) => REQUEST_FIELDS.includes(key));
};

/** `JSON.stringify(x)` → `x`. */
function unstringified(node: Node): Node | undefined {
  if (node.type !== 'CallExpression' || !isMember(node.callee)) return undefined;
  const { object } = node.callee;
  if (object.type !== 'Identifier' || object.name !== 'JSON' || propertyName(node.callee) !== 'stringify') return undefined;
  return node.arguments[0];
}

/** The body a request passes as `node`: an object literal (also through a constant of the file), or opaque. */
export function bodyOf(ctx: FileContext, node: Node | undefined): RequestBody {
  if (!node) return { missing: true };
  if (node.type === 'ObjectExpression') return { object: node, at: node };
  if (node.type === 'TSAsExpression' || node.type === 'TSSatisfiesExpression') return bodyOf(ctx, node.expression);
  if (node.type === 'Identifier') {
    const init = ctx.constant(node.name);
    if (init?.type === 'ObjectExpression') return { object: init, at: node };
  }
  return { opaque: node, at: node };
}

/** The body inside an options object: `json` (ky, got), `data` (axios), or `body: JSON.stringify(…)` (fetch). */
function fromOptions(ctx: FileContext, options: ObjectExpression): RequestBody | undefined {
  for (const key of BODY_KEYS) {
    const property = propertyOf(options, key);
    if (!property) continue;
    if (key !== 'body') return bodyOf(ctx, property.value);
    const inner = unstringified(property.value);
    return inner ? bodyOf(ctx, inner) : { opaque: property.value, at: property.value };
  }
  return undefined;
}

/**
 * Finds the body of an HTTP call in every style: `fetch(url, { body: JSON.stringify(b) })`, `ky.post(url, { json: b })`,
 * `axios.post(url, b)`, `axios({ url, data: b })`, `got(url, { json: b })`, `superagent.post(url).send(b)`, and
 * wrappers taking `(url, init)` or `(url, body)`.
 */
export function requestBody(
  ctx: FileContext,
  call: CallExpression,
  config: ObjectExpression | undefined,
  ancestors: readonly Node[],
  urlIndex = 0,
): RequestBody {
  if (config) return fromOptions(ctx, config) ?? { missing: true };
  const second = call.arguments[urlIndex + 1];
  if (second?.type === 'ObjectExpression')
    return isOptions(second) ? (fromOptions(ctx, second) ?? { missing: true }) : { object: second, at: second };
  // A wrapper may take other arguments first, `post(path, token, body)`: the body is the object literal that follows.
  const later = call.arguments.slice(urlIndex + 2).find((argument): argument is ObjectExpression => argument.type === 'ObjectExpression');
  if (second && later) return isOptions(later) ? (fromOptions(ctx, later) ?? { missing: true }) : { object: later, at: later };
  if (second) return bodyOf(ctx, second);
  // superagent: request.post(url).set(…).send(body)
  let current: Node = call;
  for (let i = ancestors.length - 1; i >= 1; i -= 2) {
    const member = ancestors[i];
    const outer = ancestors[i - 1];
    if (!isMember(member) || member.object !== current || outer?.type !== 'CallExpression' || outer.callee !== member) break;
    if (propertyName(member) === 'send') return bodyOf(ctx, outer.arguments[0]);
    current = outer;
  }
  return { missing: true };
}
