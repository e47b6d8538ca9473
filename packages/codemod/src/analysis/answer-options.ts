import { isFunction, type Node } from '@babel/types';
import { isMember, keyName, propertyName, walk } from '../parse/walk.js';

/**
 * The got and ky options that decide what a call answers, as the code writes them: got's `resolveBodyOnly` (the body
 * instead of the response) and `responseType` (`'json'` parses it). `null` where the code does not show the value:
 * a spread, a computed key, a value that is not a literal, options passed by name, options that may change the answer.
 */
export interface AnswerOptions {
  readonly resolveBodyOnly?: boolean | null;
  readonly responseType?: string | null;
}

const UNKNOWN: AnswerOptions = { resolveBodyOnly: null, responseType: null };

/**
 * Options of got or ky that may change what a call answers from code the options do not show: handlers, defaults
 * changed later (`mutableDefaults`), a parser of one's own, and hooks other than those run before a request is sent
 * (an `afterResponse` hook may hand back anything, a `beforeError` hook another error).
 */
const OPAQUE_OPTIONS = /^(?:handlers|mutableDefaults|parseJson)$/;
const REQUEST_HOOKS = /^(?:init|beforeRequest|beforeRedirect|beforeRetry)$/;

/**
 * The answer options written in the arguments of a got or ky call (`got(url, options)`, whose first argument may be
 * its URL: `urlFirst`) or of `got.extend(…)`, `ky.create(…)` (options or instances only). Once an option that may change the answer
 * from elsewhere is seen, the answer stays unknown whatever follows.
 */
export function answerOptions(args: readonly Node[], { urlFirst }: { urlFirst: boolean }): AnswerOptions {
  let options: AnswerOptions = {};
  let opaque = false;
  args.forEach((argument, index) => {
    if (argument.type !== 'ObjectExpression') {
      // A URL is no option; anything else (options by name, an instance) may carry any.
      if (!urlFirst || index > 0 || argument.type === 'SpreadElement') options = UNKNOWN;
      return;
    }
    for (const property of argument.properties) {
      const key = keyName(property);
      // Later properties win, as in the object itself.
      if (property.type === 'SpreadElement' || (key === undefined && 'computed' in property && property.computed)) options = UNKNOWN;
      else if (key !== undefined && (OPAQUE_OPTIONS.test(key) || (key === 'hooks' && !requestHooksOnly(property)))) opaque = true;
      else if (key === 'resolveBodyOnly' || key === 'responseType') {
        const value = property.type === 'ObjectProperty' ? property.value : undefined;
        const written = value?.type === 'BooleanLiteral' || value?.type === 'StringLiteral' ? value.value : null;
        options = { ...options, [key]: written };
      }
    }
  });
  return opaque ? UNKNOWN : options;
}

/**
 * Whether `hooks: { … }` is written out with only hooks run before a request is sent, each a function written there
 * that hands nothing back (`beforeRequest` adding auth): ky and got take a response a `beforeRequest` hook returns
 * as the answer, without sending the request.
 */
function requestHooksOnly(property: Node): boolean {
  const value = property.type === 'ObjectProperty' ? property.value : undefined;
  return (
    value?.type === 'ObjectExpression' &&
    value.properties.every((hook) => {
      const hooks = hook.type === 'ObjectProperty' ? hook.value : undefined;
      return (
        REQUEST_HOOKS.test(keyName(hook) ?? '') &&
        hooks?.type === 'ArrayExpression' &&
        hooks.elements.every((each) => each !== null && each.type !== 'SpreadElement' && handsNothingBack(each))
      );
    })
  );
}

/** A function written out that returns nothing: an arrow setting a header or assigning, a body with no `return x`. */
function handsNothingBack(fn: Node): boolean {
  if (fn.type === 'ArrowFunctionExpression' && fn.body.type !== 'BlockStatement') {
    const { body } = fn;
    if (body.type === 'AssignmentExpression' || (body.type === 'UnaryExpression' && body.operator === 'void')) return true;
    return body.type === 'CallExpression' && isMember(body.callee) && HEADER_WRITES.test(propertyName(body.callee) ?? '');
  }
  if (fn.type !== 'ArrowFunctionExpression' && fn.type !== 'FunctionExpression') return false;
  let returns = false;
  walk(fn.body, (node, ancestors) => {
    // A function nested inside returns to its own caller, not to the hook's.
    if (node.type === 'ReturnStatement' && node.argument && !ancestors.some((ancestor) => ancestor !== fn && isFunction(ancestor)))
      returns = true;
  });
  return !returns;
}

/** `headers.set(…)` and its kin, and a logger's or the console's methods: none answers a response. */
const HEADER_WRITES = /^(?:set|append|delete|log|trace|debug|info|warn|error)$/;

/**
 * What a got call answers, its own options over those of the instance that makes it: the response, the parsed body
 * (`resolveBodyOnly` with `responseType: 'json'`), the body's text, or unknown.
 */
export function gotAnswer(call: AnswerOptions, instance: AnswerOptions = {}): 'response' | 'body' | 'text' | 'unknown' {
  const resolveBodyOnly = 'resolveBodyOnly' in call ? call.resolveBodyOnly : instance.resolveBodyOnly;
  const responseType = 'responseType' in call ? call.responseType : instance.responseType;
  if (resolveBodyOnly === undefined || resolveBodyOnly === false) return 'response';
  if (resolveBodyOnly === null || responseType === null) return 'unknown';
  return responseType === 'json' ? 'body' : 'text';
}

/** What a ky call answers, its own options over those of the instance that makes it: the response, or unknown. */
export function kyAnswer(call: AnswerOptions, instance: AnswerOptions = {}): 'response' | 'unknown' {
  return [call, instance].some((options) => options.resolveBodyOnly === null) ? 'unknown' : 'response';
}
