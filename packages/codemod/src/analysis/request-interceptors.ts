import type { Node, Program } from '@babel/types';
import { placeRef } from '../edits/line-refs.js';
import { type FunctionNode, isAbsent, resolveHandler } from '../parse/interceptor-handler.js';
import { dottedName, isMember, keyName, propertyName, receiverText, unwrap, walk } from '../parse/walk.js';

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
    // Named with its file: an instance exported from here is marked where it is imported.
    const at = placeRef(file, node.start ?? 0);
    const method = ancestors.at(-1);
    const call = ancestors.at(-2);
    const called = isMember(method) && method.object === node && call?.type === 'CallExpression' && call.callee === method;
    if (called && propertyName(method) === 'eject') return;
    if (!called || propertyName(method) !== 'use')
      return void found.set(receiver, `its request interceptors are used in a way the codemod cannot follow (${at})`);
    const [handler] = call.arguments;
    if (isAbsent(handler as Node | undefined)) return;
    const readable =
      handler && handler.type !== 'SpreadElement' && handler.type !== 'ArgumentPlaceholder' ? resolveHandler(program, handler) : undefined;
    if (!readable)
      return void found.set(receiver, `the handler of its request interceptor at ${at} is not written where the codemod can read it`);
    const problem = routingChange(readable);
    if (problem) found.set(receiver, `its request interceptor at ${at} ${problem}`);
  });
  return found;
}

/**
 * What in the handler may change where a call goes or what it sends, if anything: only what becomes the options
 * counts (a token fetched with `fetch(url, { method: 'POST', body })` inside the handler sends its own request).
 */
function routingChange(handler: FunctionNode): string | undefined {
  const [param] = handler.params;
  // The names that hold the options: the parameter, the rest of a destructured one (`({ headers, ...rest }) => …`),
  // and the names the handler gives them or a copy of them (`const next = { ...config }`), added as it declares them.
  const names = new Set<string>();
  let problem: string | undefined;
  const note = (found: string | undefined) => {
    problem ??= found;
  };
  // `{ headers, ...rest }` taken apart from the options: the rest is the options but what it takes out, and taking
  // out a routing key (`({ data, ...rest }) => rest`) drops it from the request.
  const takeApart = (pattern: Node) => {
    if (pattern.type !== 'ObjectPattern') return;
    const rest = pattern.properties.find((property) => property.type === 'RestElement');
    // Without a rest the options are only read (`const { method, url } = config` for a log line).
    if (rest?.type !== 'RestElement' || rest.argument.type !== 'Identifier') return;
    names.add(rest.argument.name);
    for (const property of pattern.properties)
      if (ROUTING.has(keyName(property) ?? '')) note(`takes the request's ${keyName(property)} out of its options`);
  };
  if (param?.type === 'Identifier') names.add(param.name);
  if (param) takeApart(param);
  const isOptions = (node: Node | null | undefined): boolean => node?.type === 'Identifier' && names.has(node.name);
  walk(handler.body, (node, ancestors) => {
    if (problem) return;
    const parent = ancestors.at(-1);
    // `const { headers, ...rest } = config`: the options taken apart in the body.
    if (node.type === 'VariableDeclarator' && node.id.type === 'ObjectPattern' && node.init && isOptions(unwrap(node.init))) {
      takeApart(node.id);
      return;
    }
    // `const c = config`, `const next = { ...config, headers }`: another name for the options, whose writes count.
    if (node.type === 'VariableDeclarator' && node.id.type === 'Identifier' && node.init) {
      const init = unwrap(node.init);
      const copies =
        init.type === 'ObjectExpression' &&
        init.properties.some((entry) => entry.type === 'SpreadElement' && isOptions(unwrap(entry.argument)));
      if (isOptions(init) || copies) names.add(node.id.name);
      if (copies) note(objectChange(init, isOptions, handler));
      return;
    }
    // `config.baseURL = …`, `config['url'] += …`, `delete config.data`, `config.method ||= 'post'`
    if (isMember(node) && isOptions(node.object) && ROUTING.has(propertyName(node) ?? '')) {
      const written =
        (parent?.type === 'AssignmentExpression' && parent.left === node) ||
        (parent?.type === 'UnaryExpression' && parent.operator === 'delete') ||
        parent?.type === 'UpdateExpression';
      if (written) note(`sets the request's ${propertyName(node)}`);
    } else if (node.type === 'ReturnStatement' && node.argument && !insideInnerFunction(ancestors, handler))
      note(returned(node.argument, isOptions, handler));
    else if (node.type === 'AssignmentExpression' && isOptions(node.left)) note(objectChange(node.right, isOptions, handler));
    else if (isOptions(node) && (parent?.type === 'CallExpression' || parent?.type === 'NewExpression')) {
      if (parent.callee === node) return;
      const callee = dottedName(parent.callee);
      // `Object.assign(config, { headers })`: what it merges in is read as the options' own.
      if (callee === 'Object.assign' && parent.arguments[0] === node)
        for (const argument of parent.arguments.slice(1)) note(objectChange(argument, isOptions, handler));
      else if (!LOGGING.test(callee)) note(`hands the request's options to ${callee || 'a function'}, which the codemod does not read`);
    }
  });
  // An arrow's expression body is what it returns.
  if (handler.body.type !== 'BlockStatement') note(returned(handler.body, isOptions, handler));
  return problem;
}

/**
 * What a value the handler returns does to the options: the options themselves change nothing, and a promise of
 * them (`getToken().then((token) => { …; return config; })`) is read through the callbacks it returns from.
 */
function returned(value: Node, isOptions: (node: Node) => boolean, handler: FunctionNode): string | undefined {
  const unwrapped = unwrap(value);
  if (isOptions(unwrapped)) return undefined;
  // `return Promise.reject(new Error('not signed in'))`: the call is not sent.
  if (unwrapped.type === 'CallExpression' && dottedName(unwrapped.callee) === 'Promise.reject') return undefined;
  // `token ? config : Promise.reject(…)`: each branch is what may be handed back.
  if (unwrapped.type === 'ConditionalExpression')
    return returned(unwrapped.consequent, isOptions, handler) ?? returned(unwrapped.alternate, isOptions, handler);
  // `Object.assign(config, …)` answers the options it merged into, read where it is called.
  if (unwrapped.type === 'CallExpression' && dottedName(unwrapped.callee) === 'Object.assign' && isOptions(unwrapped.arguments[0] as Node))
    return undefined;
  const callback =
    unwrapped.type === 'CallExpression' && isMember(unwrapped.callee) && propertyName(unwrapped.callee) === 'then'
      ? unwrapped.arguments[0]
      : undefined;
  if (callback?.type === 'ArrowFunctionExpression' || callback?.type === 'FunctionExpression')
    return returnsOf(callback)
      .map((each) => returned(each, isOptions, handler))
      .find((found) => found !== undefined);
  return objectChange(unwrapped, isOptions, handler);
}

/** What a function returns: its expression body, or the arguments of its own `return`s. */
function returnsOf(fn: FunctionNode): Node[] {
  if (fn.body.type !== 'BlockStatement') return [fn.body];
  const values: Node[] = [];
  walk(fn.body, (node, ancestors) => {
    if (node.type === 'ReturnStatement' && node.argument && !insideInnerFunction(ancestors, fn)) values.push(node.argument);
  });
  return values;
}

/**
 * What an object that becomes the options sets: a routing key written in it, or a spread of anything but the options
 * (`{ ...config, ...overrides }` may carry a `baseURL`). A value that is no object literal, or a name the handler
 * gives one, cannot be read.
 */
function objectChange(value: Node, isOptions: (node: Node) => boolean, handler: FunctionNode): string | undefined {
  const node = declaredObject(unwrap(value), handler);
  if (node?.type !== 'ObjectExpression') return `hands back ${describe(value)} as the request's options, which the codemod does not read`;
  for (const property of node.properties) {
    if (property.type === 'SpreadElement') {
      const spread = unwrap(property.argument);
      const ownPart = isOptions(spread) || (isMember(spread) && isOptions(spread.object) && !ROUTING.has(propertyName(spread) ?? ''));
      if (!ownPart) return `spreads ${describe(spread)} into the request's options, which may set where it goes`;
    } else if (ROUTING.has(keyName(property) ?? '')) return `sets the request's ${keyName(property)}`;
    else if (property.type === 'ObjectProperty' && property.computed) return "sets a computed key of the request's options";
  }
  return undefined;
}

/** A name the handler declares with an object literal (`const next = { ...config, url }`), as that literal. */
function declaredObject(node: Node, handler: FunctionNode): Node {
  if (node.type !== 'Identifier') return node;
  let found: Node = node;
  walk(handler.body, (candidate) => {
    if (candidate.type === 'VariableDeclarator' && candidate.id.type === 'Identifier' && candidate.id.name === node.name && candidate.init)
      found = unwrap(candidate.init);
  });
  return found;
}

/** Whether a node sits in a function inside the handler (a callback's `return` is not the handler's). */
const insideInnerFunction = (ancestors: readonly Node[], handler: FunctionNode): boolean =>
  ancestors.slice(ancestors.indexOf(handler.body) + 1).some((node) => /Function|Method/.test(node.type));

/** A short name for what the marker cites: `overrides`, `config.extra`, else "a value". */
function describe(node: Node): string {
  const text = dottedName(node);
  return text === '' ? 'a value' : text;
}
