import type { FunctionDeclaration, Node } from '@babel/types';
import { ERROR_FIELD_MAP, v2ErrorNamesFor } from '@journey-bridge/contract';
import { isMember, keyName, passesOn, propertyName, walk } from '../parse/walk.js';
import type { PlannedCall } from './call-sites.js';
import type { FileContext } from './file-context.js';
import { SiteBuilder } from './site-builder.js';
import type { Site } from './types.js';

/** `errors[0].problem` → `errors?.[0]?.problem`: a chain that tolerates a body that is not a v2 error body. */
const chain = (path: string): string => path.replaceAll('.', '?.').replace(/\[(\d+)\]/g, '?.[$1]');
const FIELDS: Readonly<Record<string, string>> = { message: chain(ERROR_FIELD_MAP.message), error: chain(ERROR_FIELD_MAP.error) };

const isJsonCall = (node: Node): node is Extract<Node, { type: 'CallExpression' }> =>
  node.type === 'CallExpression' && isMember(node.callee) && propertyName(node.callee) === 'json' && node.arguments.length === 0;

/** `await R.json()` → `R` (the response the body was read from). */
function jsonSource(node: Node | null | undefined): Node | undefined {
  while (node?.type === 'TSAsExpression' || node?.type === 'TSNonNullExpression' || node?.type === 'ParenthesizedExpression')
    node = node.expression;
  if (node?.type === 'AwaitExpression') node = node.argument;
  if (!node || !isJsonCall(node) || !isMember(node.callee)) return undefined;
  return node.callee.object;
}

/** The places that handle a failure of `call`: the `catch` of a try around it, a chained `.catch(…)`, `if (!res.ok) {…}`. */
function errorRegions(call: PlannedCall): Node[] {
  const regions: Node[] = [];
  const { ancestors } = call;
  ancestors.forEach((node, index) => {
    const child = ancestors[index + 1] ?? call.call;
    if (node.type === 'TryStatement' && node.block === child && node.handler) regions.push(node.handler.body);
    if (node.type === 'CallExpression' && node.callee === child && isMember(child) && propertyName(child) === 'catch') {
      const handler = node.arguments[0];
      if (handler && (handler.type === 'ArrowFunctionExpression' || handler.type === 'FunctionExpression')) regions.push(handler.body);
    }
    // `fetch(…).then(function (res) { if (!res.ok) { … } })`: the response is the callback's parameter.
    if (
      node.type === 'CallExpression' &&
      node.callee === child &&
      isMember(child) &&
      propertyName(child) === 'then' &&
      child.object === call.call
    ) {
      const handler = node.arguments[0];
      if (handler && (handler.type === 'ArrowFunctionExpression' || handler.type === 'FunctionExpression')) {
        const [response] = handler.params;
        if (response?.type === 'Identifier') regions.push(...notOkBranches(handler.body, response.name));
      }
    }
  });
  // `const res = await fetch(…)`, then `if (!res.ok) { … }` in the same function.
  const [parent, grandparent] = [...call.ancestors].reverse();
  const declarator = parent?.type === 'AwaitExpression' ? grandparent : parent;
  if (declarator?.type === 'VariableDeclarator' && declarator.id.type === 'Identifier') {
    const scope = [...call.ancestors].reverse().find((node) => /Function/.test(node.type) || node.type === 'Program');
    if (scope) regions.push(...notOkBranches(scope, declarator.id.name));
  }
  return regions;
}

/** The bodies of the `if (!response.ok) { … }` statements under `scope`. */
function notOkBranches(scope: Node, response: string): Node[] {
  const branches: Node[] = [];
  walk(scope, (node) => {
    if (node.type !== 'IfStatement') return;
    const test = node.test;
    const notOk =
      test.type === 'UnaryExpression' &&
      test.operator === '!' &&
      isMember(test.argument) &&
      propertyName(test.argument) === 'ok' &&
      test.argument.object.type === 'Identifier' &&
      test.argument.object.name === response;
    if (notOk) branches.push(node.consequent);
  });
  return branches;
}

const EQUALITY = new Set(['===', '!==', '==', '!=']);

/**
 * `body.error === 'not-found-error'` compares a v1 identifier; the v2 read yields a v2 name, so the literal
 * becomes the name the adapter maps that identifier from (`NOT_FOUND`). An identifier several v2 names share
 * (`bad-request-error`) has no single counterpart: the comparison is left for review.
 */
function compareAsV2(site: SiteBuilder, ctx: FileContext, read: Node, parent: Node | undefined): void {
  if (parent?.type !== 'BinaryExpression' || !EQUALITY.has(parent.operator)) return;
  const literal = parent.left === read ? parent.right : parent.left;
  if (literal.type !== 'StringLiteral') return;
  const names = v2ErrorNamesFor(literal.value);
  const [name] = names;
  if (names.length === 1 && name) {
    const quote = ctx.source.charAt(literal.start ?? 0);
    site.replace(literal, `${quote}${name}${quote}`);
    return;
  }
  site.needsReview(
    'error.body',
    names.length === 0
      ? `v1 error identifier ${JSON.stringify(literal.value)} has no v2 counterpart in the change register`
      : `v1 error identifier ${JSON.stringify(literal.value)} stands for several v2 names (${names.join(', ')})`,
    'compare errors[0].name with the v2 name you mean, or branch on the HTTP status',
  );
}

/** Reads of the v1 error body (`message`, `error`, `status`) in the failure branches of a migrated call → v2 `errors[]`. */
export function planErrorReads(ctx: FileContext, call: PlannedCall): Site[] {
  const sites: Site[] = [];
  // The reads of what an opted-out call answers are left as written with it.
  const optedOut = call.site.optedOut;
  const bodies = new Map<string, Node>();
  // The v1 type a body is cast to (`as { message?: string }`): it no longer describes what is read from it.
  const casts = new Map<string, { type: Node; ancestors: readonly Node[] }>();
  // Functions declared in the file that a `.then(…)` hands an error body: their reads are read too.
  const handlers = new Set<FunctionDeclaration>();
  const visit =
    (base: readonly Node[], responseScope: 'in scope' | 'out of scope') =>
    (node: Node, inner: readonly Node[]): void => {
      const ancestors = [...base, ...inner];
      const handed = bodyCallback(node);
      if (handed) {
        const handler = handed.callback?.type === 'Identifier' ? onlyUseOf(ctx, handed.callback.name) : handed.callback;
        if (handler?.type === 'FunctionDeclaration') handlers.add(handler);
        const isFunction =
          handler?.type === 'FunctionDeclaration' || handler?.type === 'FunctionExpression' || handler?.type === 'ArrowFunctionExpression';
        const [parameter] = isFunction ? handler.params : [];
        if (parameter?.type === 'Identifier') bodies.set(parameter.name, handed.response);
        // A callback the codemod cannot read, or a body it takes apart: its reads cannot be shown rewritten.
        else if (handed.callback && (!isFunction || parameter))
          sites.push(
            new SiteBuilder(ctx, node, ancestors, 'error.body', 'v1 error body → v2 errors[]', 'read')
              .refuse(
                'error.body',
                'the v1 error body goes to a callback the codemod cannot rewrite for this request alone',
                'read errors[0].problem and errors[0].name of the v2 body in a callback only this request uses',
              )
              .build([call.site.id], optedOut),
          );
        return;
      }
      // What the body was read from, as `bodies` keeps it: `res` of `await res.json()`, `error.response` of `error.response.data`.
      const bodyFrom =
        node.type === 'Identifier'
          ? bodies.get(node.name)
          : (jsonSource(node) ?? (isResponseBody(node) && isMember(node) ? node.object : undefined));
      // The body as the code holds it: through a cast, `!`, `??`, a conditional (`body as V1Error`, `body ?? {}`).
      let outer: Node = node;
      let at = inner.length - 1;
      while (at >= 0 && passesOn(inner[at] as Node, outer)) outer = inner[at--] as Node;
      const parent = inner[at];
      // `const e = body`: another name for it, whose reads and hand-overs count as the body's.
      if (bodyFrom && parent?.type === 'VariableDeclarator' && parent.init === outer && parent.id.type === 'Identifier')
        bodies.set(parent.id.name, bodyFrom);
      const takenBy = bodyFrom ? escapeOf(ctx, outer, parent) : undefined;
      if (takenBy) {
        // Its reads there, of v1's `message` and `error`, would meet a v2 body the codemod never rewrote them for.
        sites.push(
          new SiteBuilder(ctx, node, ancestors, 'error.body', 'v1 error body → v2 errors[]', 'read')
            .refuse(
              'error.body',
              `the v1 error body is handed to ${takenBy}, where the codemod does not follow what is read of it`,
              'read errors[0].problem and errors[0].name of the v2 body here, and hand on only what you read',
            )
            .build([call.site.id], optedOut),
        );
        return;
      }
      // `const { data } = err.response`, `const { body: payload } = error.response || {}`: the body under another name.
      const destructured =
        node.type === 'VariableDeclarator' && node.id.type === 'ObjectPattern' && node.init ? responseIn(node.init) : undefined;
      if (destructured && node.type === 'VariableDeclarator' && node.id.type === 'ObjectPattern') {
        for (const property of node.id.properties)
          if (property.type === 'ObjectProperty' && ['data', 'body'].includes(keyName(property) ?? '')) {
            // `{ data }`, `{ data: body }`, `{ data = {} }`.
            const target = property.value.type === 'AssignmentPattern' ? property.value.left : property.value;
            if (target.type === 'Identifier') bodies.set(target.name, destructured);
          }
        return;
      }
      if (node.type === 'VariableDeclarator' && node.id.type === 'Identifier') {
        const source = jsonSource(node.init);
        if (source) bodies.set(node.id.name, source);
        const cast = source && castOf(node.init);
        if (cast) casts.set(node.id.name, { type: cast, ancestors: [...ancestors, node] });
        return;
      }
      const field = isMember(node) ? propertyName(node) : undefined;
      if (!isMember(node) || node.computed || (field !== 'message' && field !== 'error' && field !== 'status')) return;
      const body = node.object.type === 'ParenthesizedExpression' ? node.object.expression : node.object;
      const wrapped =
        isMember(body) &&
        ['data', 'body'].includes(propertyName(body) ?? '') &&
        isMember(body.object) &&
        propertyName(body.object) === 'response';
      const response = wrapped && isMember(body) ? body.object : body.type === 'Identifier' ? bodies.get(body.name) : jsonSource(body);
      if (!response) return;
      const site = new SiteBuilder(ctx, node, ancestors, 'error.body', 'v1 error body → v2 errors[]', 'read');
      if (field === 'status') {
        // v1 repeated the HTTP status in the body; v2 has it only on the response.
        const accessor = ctx.source.slice(response.end ?? 0, node.end ?? 0).startsWith('?.') ? '?.' : '.';
        // A function declared elsewhere does not see the response its body came from.
        if (responseScope === 'in scope' && (wrapped || response.type === 'Identifier' || isMember(response)))
          site.replace(node, `${ctx.text(response)}${accessor}status`);
        else site.refuse('error.body', 'v2 error bodies carry no status', 'the HTTP status of the response');
      } else {
        const propertyStart = node.property.start ?? 0;
        site.edit(propertyStart, node.end ?? 0, FIELDS[field] ?? '');
        if (field === 'error') compareAsV2(site, ctx, node, inner[inner.length - 1]);
      }
      sites.push(site.build([call.site.id], optedOut));
      const cast = body.type === 'Identifier' ? casts.get(body.name) : undefined;
      if (cast && cast.type.type === 'TSTypeLiteral') {
        casts.delete(body.type === 'Identifier' ? body.name : '');
        const retyped = new SiteBuilder(ctx, cast.type, cast.ancestors, 'error.body', 'v1 error body type → v2').replace(
          cast.type,
          'V2ErrorBody',
        );
        retyped.helpers.push('V2ErrorBody');
        sites.push(retyped.build([call.site.id], optedOut));
      }
    };
  for (const region of errorRegions(call)) walk(region, visit(call.ancestors, 'in scope'));
  for (const handler of handlers) walk(handler.body, visit([ctx.ast.program, handler], 'out of scope'));
  return sites;
}

/** `error.response.data`, `error.response.body`: the body of an axios (or got) error's response. */
function isResponseBody(node: Node): boolean {
  return (
    isMember(node) &&
    ['data', 'body'].includes(propertyName(node) ?? '') &&
    isMember(node.object) &&
    propertyName(node.object) === 'response'
  );
}

/** The error's `response` a value is (`err.response`), through a fallback or a conditional (`err.response || {}`). */
function responseIn(node: Node): Node | undefined {
  if (isMember(node) && propertyName(node) === 'response') return node;
  if (node.type === 'LogicalExpression') return responseIn(node.left) ?? responseIn(node.right);
  if (node.type === 'ConditionalExpression') return responseIn(node.consequent) ?? responseIn(node.alternate);
  if (node.type === 'ParenthesizedExpression' || node.type === 'TSAsExpression' || node.type === 'TSNonNullExpression')
    return responseIn(node.expression);
  return undefined;
}

/** Calls that take a body without reading its fields: a log line, its text. */
const WITHOUT_READING = /^(?:console\.\w+|JSON\.stringify|String)$/;

/**
 * Where an error body leaves the code that reads it, when it does: handed to a function or a constructor
 * (`new ApiError(body)`), thrown, returned, stored, or put in an object or array. Its reads there are not seen.
 */
function escapeOf(ctx: FileContext, node: Node, parent: Node | undefined): string | undefined {
  if (!parent) return undefined;
  if ((parent.type === 'CallExpression' || parent.type === 'NewExpression') && parent.callee !== node) {
    const callee = ctx.text(parent.callee);
    if (WITHOUT_READING.test(callee)) return undefined;
    return `${parent.type === 'NewExpression' ? 'new ' : ''}${callee}(…)`;
  }
  if (parent.type === 'ThrowStatement') return 'throw';
  if (parent.type === 'ReturnStatement' || (parent.type === 'ArrowFunctionExpression' && parent.body === node)) return 'the caller';
  if (parent.type === 'AssignmentExpression' && parent.right === node) return ctx.text(parent.left);
  if (parent.type === 'ObjectProperty' && parent.value === node) return 'an object';
  if (parent.type === 'ArrayExpression' || parent.type === 'SpreadElement') return 'an array or object';
  return undefined;
}

/** `R.json().then(callback)`: the callback receives the body read from `R`. */
function bodyCallback(node: Node): { response: Node; callback: Node | undefined } | undefined {
  if (node.type !== 'CallExpression' || !isMember(node.callee) || propertyName(node.callee) !== 'then') return undefined;
  const response = jsonSource(node.callee.object);
  return response && { response, callback: node.arguments[0] };
}

/** The unexported function `name` the file declares at its top, when the use at hand is its only use. */
function onlyUseOf(ctx: FileContext, name: string): FunctionDeclaration | undefined {
  const declared = ctx.declaredFunction(name);
  if (!declared || !ctx.ast.program.body.includes(declared)) return undefined;
  let uses = 0;
  walk(ctx.ast.program, (node) => {
    if (node.type === 'Identifier' && node.name === name && node !== declared.id) uses++;
  });
  return uses === 1 ? declared : undefined;
}

/** The type a body's `await res.json()` is cast to, written out (`as { message?: string }`). */
function castOf(node: Node | null | undefined): Node | undefined {
  while (node?.type === 'ParenthesizedExpression') node = node.expression;
  return node?.type === 'TSAsExpression' ? node.typeAnnotation : undefined;
}
