import type { Node, Program } from '@babel/types';
import { lineRef } from '../edits/line-refs.js';
import { type FunctionNode, isAbsent, resolveHandler } from '../parse/interceptor-handler.js';
import { isMember, keyName, propertyName, receiverText, walk } from '../parse/walk.js';

/** The v2 form a call kept on v1 by a request interceptor can take: what the marker suggests. */
export const REQUEST_INTERCEPTOR_FORM = 'a request interceptor that sets headers alone, or none; then run again';

/**
 * The request options that decide where a call goes and what it sends: an interceptor that sets one can send a
 * rewritten v2 call to a v1 base (`config.baseURL = process.env.URL || V1_BASE`), or a v1 body to v2.
 */
const ROUTING = new Set(['baseURL', 'url', 'method', 'data', 'adapter', 'transformRequest']);

/** Calls that may take the request's options without changing them. */
const LOGGING = /^console\.\w+$/;

/**
 * The receivers (instance names, `this.api` fields, a name axios is imported as) whose request interceptors may
 * change where their calls go or what they send, each with the reason: a handler that sets, deletes or spreads
 * in a routing option, hands the options to a function the codemod does not read, or is itself not written where
 * the codemod can read it, or a use of `X.interceptors.request` other than `use` and `eject`. One that sets headers
 * alone (the usual token) is not listed: the rewritten calls go where they say.
 */
export function findRedirectingRequestInterceptors(program: Program, file: string): Map<string, string> {
  const found = new Map<string, string>();
  walk(program, (node, ancestors) => {
    // `X.interceptors.request`
    if (!isMember(node) || propertyName(node) !== 'request') return;
    const interceptors = node.object;
    if (!isMember(interceptors) || propertyName(interceptors) !== 'interceptors') return;
    const receiver = receiverText(interceptors.object);
    if (receiver === undefined || found.has(receiver)) return;
    const line = lineRef(file, node.start ?? 0);
    const method = ancestors.at(-1);
    const call = ancestors.at(-2);
    const called = isMember(method) && method.object === node && call?.type === 'CallExpression' && call.callee === method;
    if (called && propertyName(method) === 'eject') return;
    if (!called || propertyName(method) !== 'use')
      return void found.set(receiver, `its request interceptors are used in a way the codemod cannot follow (line ${line})`);
    const [handler] = call.arguments;
    if (isAbsent(handler as Node | undefined)) return;
    const readable =
      handler && handler.type !== 'SpreadElement' && handler.type !== 'ArgumentPlaceholder' ? resolveHandler(program, handler) : undefined;
    if (!readable)
      return void found.set(
        receiver,
        `the handler of its request interceptor at line ${line} is not written where the codemod can read it`,
      );
    const problem = routingChange(readable);
    if (problem) found.set(receiver, `its request interceptor at line ${line} ${problem}`);
  });
  return found;
}

/** What in the handler may change where a call goes or what it sends, if anything. */
function routingChange(handler: FunctionNode): string | undefined {
  const [param] = handler.params;
  const options = param?.type === 'Identifier' ? param.name : undefined;
  let problem: string | undefined;
  walk(handler.body, (node, ancestors) => {
    if (problem) return;
    const parent = ancestors.at(-1);
    // `config.baseURL = …`, `config['url'] += …`, `delete config.data`, `config.method ||= 'post'`
    if (isMember(node) && ROUTING.has(propertyName(node) ?? '')) {
      const written =
        (parent?.type === 'AssignmentExpression' && parent.left === node) ||
        (parent?.type === 'UnaryExpression' && parent.operator === 'delete') ||
        parent?.type === 'UpdateExpression';
      if (written) problem = `sets the request's ${propertyName(node)}`;
    }
    // `{ ...config, baseURL: … }`, `Object.assign(config, { url })`
    else if (node.type === 'ObjectProperty' && ROUTING.has(keyName(node) ?? '')) problem = `sets the request's ${keyName(node)}`;
    // `withTenant(config)`, `Object.assign(config, overrides)`: the options go where the codemod does not look.
    else if (
      options !== undefined &&
      node.type === 'Identifier' &&
      node.name === options &&
      (parent?.type === 'CallExpression' || parent?.type === 'NewExpression') &&
      parent.callee !== node &&
      !LOGGING.test(calleeText(parent.callee))
    )
      problem = `hands the request's options to ${calleeText(parent.callee) || 'a function'}, which the codemod does not read`;
  });
  return problem;
}

/** `Object.assign`, `withTenant`: a callee written as names, else empty. */
function calleeText(callee: Node): string {
  if (callee.type === 'Identifier') return callee.name;
  if (isMember(callee)) {
    const object = calleeText(callee.object);
    const name = propertyName(callee);
    return object && name ? `${object}.${name}` : '';
  }
  return '';
}
