import type { Node } from '@babel/types';
import { lineRef } from '../edits/line-refs.js';
import { type FunctionNode, isAbsent, resolveHandler } from '../parse/interceptor-handler.js';
import { isMember, propertyName, receiverText, walk } from '../parse/walk.js';
import type { FileContext } from './file-context.js';

/**
 * What the response interceptors registered on one axios instance (or the default axios) make of a response:
 * `unwraps` when the only one hands back `response.data`, so its calls answer the body itself; otherwise the
 * reason the codemod cannot tell what its calls answer.
 */
export type Interception = { readonly unwraps: true } | { readonly problem: string };

/** The v2 form a call kept on v1 by an interceptor can take: what the marker suggests. */
export const INTERCEPTOR_FORM = 'an interceptor that only hands back the body ((response) => response.data), or none; then run again';

/**
 * The interception of each receiver in `receivers` (instance names, or a name axios is imported as) that has a
 * response interceptor in the file: `X.interceptors.response.use(handler, onError?)`. Any other use of
 * `X.interceptors.response` (`eject`, passing it on), a registration that may not run (inside a condition, a
 * loop or a function), several handlers, or a handler that does more than return `.data` is a problem: the
 * codemod would misread every answer of the instance, so its flows must stay on v1.
 */
export function findResponseInterceptors(ctx: FileContext, receivers: ReadonlySet<string>): Map<string, Interception> {
  const found = new Map<string, { unwraps: number; problem?: string }>();
  const note = (receiver: string, problem?: string) => {
    const entry = found.get(receiver) ?? { unwraps: 0 };
    if (problem === undefined) entry.unwraps += 1;
    else entry.problem ??= problem;
    found.set(receiver, entry);
  };
  walk(ctx.ast.program, (node, ancestors) => {
    // `X.interceptors.response`
    if (!isMember(node) || propertyName(node) !== 'response') return;
    const interceptors = node.object;
    if (!isMember(interceptors) || propertyName(interceptors) !== 'interceptors') return;
    // `api.interceptors`, or `this.api.interceptors` in a class that made its instance a field.
    const receiver = receiverText(interceptors.object);
    if (receiver === undefined || !receivers.has(receiver)) return;
    const line = lineRef(ctx.file, node.start ?? 0);
    const use = ancestors[ancestors.length - 1];
    const call = ancestors[ancestors.length - 2];
    if (
      !use ||
      !isMember(use) ||
      use.object !== node ||
      propertyName(use) !== 'use' ||
      call?.type !== 'CallExpression' ||
      call.callee !== use
    )
      return void note(receiver, `its response interceptors are used in a way the codemod cannot follow (line ${line})`);
    // A constructor registering on the instance field it made (`this.api.interceptors…`) runs for every instance.
    const made = (ancestor: Node) => receiver.startsWith('this.') && ancestor.type === 'ClassMethod' && ancestor.kind === 'constructor';
    const where = ancestors.slice(0, -2).find((ancestor) => CONDITIONAL.test(ancestor.type) && !made(ancestor));
    if (where)
      return void note(receiver, `its response interceptor at line ${line} is registered where it may not run (${describe(where)})`);
    const [handler] = call.arguments;
    if (isAbsent(handler as Node | undefined)) return;
    const readable =
      handler && handler.type !== 'SpreadElement' && handler.type !== 'ArgumentPlaceholder'
        ? resolveHandler(ctx.ast.program, handler)
        : undefined;
    if (!readable)
      return void note(receiver, `the handler of its response interceptor at line ${line} is not written where the codemod can read it`);
    if (!unwrapsData(readable))
      return void note(receiver, `its response interceptor at line ${line} does more than hand back the response's data`);
    note(receiver);
  });
  const result = new Map<string, Interception>();
  for (const [receiver, { unwraps, problem }] of found) {
    if (problem !== undefined) result.set(receiver, { problem });
    else if (unwraps > 1) result.set(receiver, { problem: 'it has several response interceptors, each handing back the data of the last' });
    else if (unwraps === 1) result.set(receiver, { unwraps: true });
  }
  return result;
}

/** Where a registration may or may not run: only one at the top level of the module is known to apply to every call. */
const CONDITIONAL =
  /^(IfStatement|ConditionalExpression|LogicalExpression|SwitchStatement|TryStatement|ForStatement|ForInStatement|ForOfStatement|WhileStatement|DoWhileStatement|FunctionDeclaration|FunctionExpression|ArrowFunctionExpression|ClassMethod|ObjectMethod|OptionalCallExpression|OptionalMemberExpression)$/;

function describe(node: Node): string {
  if (node.type === 'IfStatement' || node.type === 'ConditionalExpression' || node.type === 'LogicalExpression') return 'under a condition';
  if (/Function|Method/.test(node.type)) return 'inside a function';
  if (node.type === 'TryStatement') return 'inside a try';
  return 'inside a loop or switch';
}

/** `(res) => res.data`, `({ data }) => data`, `function (r) { return r.data; }`: nothing else, not even `async`. */
function unwrapsData(fn: FunctionNode): boolean {
  if (fn.async || fn.generator || fn.params.length !== 1) return false;
  const [param] = fn.params;
  let returned: Node | undefined;
  if (fn.body.type !== 'BlockStatement') returned = fn.body;
  else if (fn.body.body.length === 1 && fn.body.body[0]?.type === 'ReturnStatement') returned = fn.body.body[0].argument ?? undefined;
  while (
    returned &&
    (returned.type === 'ParenthesizedExpression' || returned.type === 'TSAsExpression' || returned.type === 'TSNonNullExpression')
  )
    returned = returned.expression;
  if (!returned || !param) return false;
  if (param.type === 'Identifier')
    return (
      returned.type === 'MemberExpression' &&
      !returned.computed &&
      propertyName(returned) === 'data' &&
      returned.object.type === 'Identifier' &&
      returned.object.name === param.name
    );
  // `({ data })`: the pattern names `data` alone, without a default or a rename.
  if (param.type !== 'ObjectPattern' || param.properties.length !== 1) return false;
  const [property] = param.properties;
  return (
    property?.type === 'ObjectProperty' &&
    !property.computed &&
    property.key.type === 'Identifier' &&
    property.key.name === 'data' &&
    property.value.type === 'Identifier' &&
    property.value.name === 'data' &&
    returned.type === 'Identifier' &&
    returned.name === 'data'
  );
}
