import type { CallExpression, Node } from '@babel/types';
import { isMember, propertyName } from '../parse/walk.js';
import { callStyle, isGotCall } from '../plan/call-style.js';
import { findReceivers, type Receivers } from '../plan/receivers.js';
import type { FunctionRef, Functions } from './functions.js';
import type { Source } from './sources.js';

/**
 * What a call of a project function answers: the body itself (`text`: its unparsed text, got's `resolveBodyOnly`
 * without `responseType: 'json'`), a response of one of the HTTP libraries, or (`opaque`) what a response
 * interceptor the codemod cannot read made of a response. A got call is `got` while its own promise is handed back
 * (`.json()` on it parses the body) and `got-response` once awaited (an `async` function's), which has no `.json()`.
 */
export type Answer = 'body' | 'text' | 'fetch' | 'axios' | 'superagent' | 'ky' | 'got' | 'got-response' | 'opaque';

const receiversOf = new WeakMap<Source, Receivers>();

/**
 * What `call` (of a function of the project, such as `post(path, body)`) answers, from what that function
 * returns: `(await res.json()) as T` is the body, `fetch(url, init)` a fetch response. A function the codemod
 * cannot read, or that returns several kinds, is taken to answer the body: a read of `.json()` on it then
 * finds no v2 counterpart and is refused, so a wrong guess keeps the flow on v1 rather than breaking it.
 */
export function answerOf(functions: Functions, source: Source, call: CallExpression, depth = 0): Answer {
  const target = functions.calleeOf(source, call);
  if (!target || depth > 3) return 'body';
  const kinds = new Set(returned(target).map((node) => classify(functions, target.source, node, depth, target.fn.async === true)));
  const [only] = kinds;
  return kinds.size === 1 && only ? only : 'body';
}

/** What `node` answers; `settled` once it is awaited, or handed back by an `async` function (a promise of its own no longer). */
function classify(functions: Functions, source: Source, node: Node, depth: number, settled: boolean): Answer {
  let current = node;
  let awaited = settled;
  while (
    /^(AwaitExpression|TSAsExpression|TSNonNullExpression|TSSatisfiesExpression|ParenthesizedExpression|TSTypeAssertion)$/.test(
      current.type,
    )
  ) {
    if (current.type === 'AwaitExpression') awaited = true;
    current = (current as { argument?: Node; expression?: Node }).argument ?? (current as { expression: Node }).expression;
  }
  if (current.type === 'CallExpression') {
    if (isMember(current.callee) && ['json', 'then'].includes(propertyName(current.callee) ?? '')) return 'body';
    const receivers = receiversOf.get(source) ?? findReceivers(source.ctx);
    receiversOf.set(source, receivers);
    const style = callStyle(source.ctx, current, receivers);
    if (style === 'callee') {
      const answer = answerOf(functions, source, current, depth + 1);
      return answer === 'got' && awaited ? 'got-response' : answer;
    }
    if (style === 'axios-intercepted' || style === 'got-unknown' || style === 'ky-unknown') return 'opaque';
    if (style === 'got-text') return 'text';
    if (style === 'ky' && isGotCall(source.ctx, current, receivers)) return awaited ? 'got-response' : 'got';
    return style === 'body' || style === 'axios-body' || style === 'got-body' ? 'body' : style;
  }
  if (current.type === 'Identifier') {
    const declaration = source.scopes.bindingOf(current)?.declaration;
    if (declaration?.type === 'VariableDeclarator' && declaration.init && declaration.id.type === 'Identifier')
      return classify(functions, source, declaration.init, depth, awaited);
  }
  return 'body';
}

/** The expressions a function returns (an arrow's body, or each `return`'s argument outside nested functions). */
function returned({ fn }: FunctionRef): Node[] {
  if (fn.type === 'ArrowFunctionExpression' && fn.body.type !== 'BlockStatement') return [fn.body];
  const found: Node[] = [];
  const visit = (node: Node) => {
    if (node !== fn && /Function|Method/.test(node.type)) return;
    if (node.type === 'ReturnStatement' && node.argument) found.push(node.argument);
    for (const value of Object.values(node)) {
      if (Array.isArray(value)) for (const item of value) if (isStatementLike(item)) visit(item);
      if (isStatementLike(value)) visit(value);
    }
  };
  visit(fn.body);
  return found;
}

const isStatementLike = (value: unknown): value is Node =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as { type?: unknown }).type === 'string' &&
  !/Comment/.test((value as Node).type);
