import type { CallExpression, Node } from '@babel/types';
import { evaluate } from '../analysis/evaluate.js';
import { firstSideEffect } from '../analysis/side-effects.js';
import { flatten, type StaticValue } from '../analysis/static-value.js';
import { isMember, propertyName, walk } from '../parse/walk.js';
import type { FileContext } from './file-context.js';
import type { CallStyle } from './http-libraries.js';
import type { RequestBody } from './request-body.js';
import type { Synthesized, TextEdit } from './types.js';
import { matchV1Url, V1_BASE_PATTERN, V2_BASE } from './v1-url.js';

/** An HTTP call as the codemod found it: what to copy when writing another call the same way. */
export interface CallShape {
  readonly call: CallExpression;
  readonly ancestors: readonly Node[];
  readonly style: CallStyle;
  /** The URL written in the call, with its value (any instance or wrapper base in front). */
  readonly url?: { readonly node: Node; readonly value: StaticValue };
  readonly body: RequestBody;
}

/** The `JourneyClient` method of each v2 path a call may be written for. */
const CLIENT_METHODS: Readonly<Record<string, string>> = {
  'journey/interaction/fetch': 'fetchInteraction',
  'journey/state/fetch': 'fetchState',
};

/** The type of the generated module each v2 path a call may be written for answers. */
/** Why a method of the class that only returns a value is not copied: code the method does not show may replace it. */
const MAY_BE_REPLACED =
  ': the method only returns a value, but may be replaced where it is not written (a subclass or another file of the run that extends, patches or writes a member of that name, a decorator, or a write in this file)';

const ANSWER_TYPES: Readonly<Record<string, string>> = {
  'journey/interaction/fetch': 'V2Interaction',
  'journey/state/fetch': 'V2State',
};

/**
 * A call of the v2 `path` with the body `{ instanceId }`, written the way `shape` calls its own operation: the
 * same function, headers, token and base, the URL with the path changed where it is written. Used where a
 * migrated flow needs one more call (the interaction whose outstanding elements a submit names, the state a
 * synchronous start waited for). A type argument of the call (`post<unknown>(…)`, `.json<T>()`) described what
 * that call answers: the new one names the v2 type it answers instead (a ky or got call without `.json()` gets
 * one, parsed by `.json<T>()`). `undefined` with a reason when the call
 * cannot be copied safely, as when the text copied runs something again (`await fetchToken()` in a header).
 */
export function synthesizeCall(
  ctx: FileContext,
  shape: CallShape,
  path: string,
  instanceId: string,
): { readonly call: Synthesized } | { readonly problem: string } {
  const { call, style, body } = shape;
  const outer = outerExpression(shape);
  const edits: TextEdit[] = [];
  const replace = (node: Node, text: string) => edits.push({ file: ctx.file, start: node.start ?? 0, end: node.end ?? 0, text });
  // What is written anew copies nothing to check; the URL keeps most of its text, so it is checked with the rest.
  const rewritten = new Set<Node>();
  const rewrite = (node: Node, text: string) => {
    rewritten.add(node);
    replace(node, text);
  };
  if (style === 'axios-intercepted') return { problem: 'a response interceptor the codemod cannot read changes what it answers' };
  if (style === 'got-text') return { problem: "it answers the body's text (resolveBodyOnly without responseType 'json')" };
  if (style === 'got-unknown')
    return { problem: 'its got options (resolveBodyOnly, responseType) are not in the code: what it answers is unknown' };
  if (style === 'ky-unknown') return { problem: 'its ky options are not all in the code, or may change what it answers' };
  if (style === 'body') {
    const method = CLIENT_METHODS[path];
    if (!method || !isMember(call.callee)) return { problem: `the client has no method for ${path}` };
    rewrite(call.callee.property, method);
  } else {
    if (!shape.url) return { problem: 'the URL is not an argument of the call' };
    const url = rewriteUrl(ctx, shape.url.node, shape.url.value, path);
    if (url === undefined) return { problem: `the path of ${ctx.text(shape.url.node)} is not written where it can be changed` };
    replace(shape.url.node, url);
  }
  const typed = typeArgumentsOf(call, outer);
  const answerType = ANSWER_TYPES[path];
  if (typed.length > 0 && answerType === undefined) return { problem: `the codemod has no type for what ${path} answers` };
  for (const { typeParameters } of typed) {
    // With several, which one types the answer is the function's own convention (axios: the first; a wrapper: any).
    if (!typeParameters || typeParameters.params.length > 1)
      return { problem: `the type arguments ${ctx.text(typeParameters ?? call)} cannot be written for what ${path} answers` };
    rewrite(typeParameters, `<${answerType}>`);
  }
  if (!('at' in body)) return { problem: 'the body is not an argument of the call' };
  const request = instanceId === 'instanceId' ? '{ instanceId }' : `{ instanceId: ${instanceId} }`;
  const parent = shape.ancestors.concat(call).find((node) => node.type === 'ObjectProperty' && node.value === body.at);
  // A fetch `body` that is not `JSON.stringify(…)` was a string already: it stays one.
  const stringified = style === 'fetch' && parent?.type === 'ObjectProperty' ? `JSON.stringify(${request})` : request;
  rewrite(body.at, stringified);
  const effect = firstSideEffect(outer, ctx, { skipped: rewritten, made: new Set(requestChain(call, outer)) });
  if (effect)
    return {
      problem: `written the way the call is made, each fetch would run ${ctx.text(effect)} again${ctx.mayBeReplaced(effect) ? MAY_BE_REPLACED : ''}`,
    };
  const spliced = splice(ctx, outer, edits);
  if (spliced === undefined) return { problem: 'the body is written outside the call' };
  // ky and got parse the body with `.json()` on the call's promise: a got `Response` has no `.json()` of its own.
  const parsed = style === 'ky' && outer === call;
  const parsedType = parsed && ctx.isTypeScript ? answerType : undefined;
  const text = parsed ? `${spliced}.json${parsedType ? `<${parsedType}>` : ''}()` : spliced;
  const helpers = answerType && (typed.length > 0 || parsedType) ? [answerType] : [];
  const answer: Synthesized['answer'] =
    style === 'fetch'
      ? 'json'
      : style === 'axios'
        ? 'data'
        : style === 'superagent'
          ? 'body-field'
          : style === 'ky' || style === 'body' || style === 'axios-body' || style === 'got-body'
            ? 'body'
            : 'callee';
  return { call: { text, answer, ...(helpers.length > 0 ? { helpers } : {}) } };
}

/** The calls from `outer` in to `call`: the chain that makes the request (`got.post(…).json()`, superagent's `.set(…)`). */
function requestChain(call: CallExpression, outer: Node): CallExpression[] {
  const chain: CallExpression[] = [];
  for (let node: Node | undefined = outer; node; ) {
    if (node.type === 'CallExpression') chain.push(node);
    if (node === call) break;
    node = node.type === 'CallExpression' ? node.callee : isMember(node) ? node.object : undefined;
  }
  return chain;
}

/** The calls of the chain that makes the request that are given type arguments. */
const typeArgumentsOf = (call: CallExpression, outer: Node): CallExpression[] =>
  requestChain(call, outer).filter((node) => node.typeParameters);

/** The expression that makes the request: the call, or a chain around it (`.json()` of ky and got, superagent's `.send(…)`). */
function outerExpression({ call, ancestors, style }: CallShape): Node {
  let current: Node = call;
  for (let i = ancestors.length - 1; i >= 1; i -= 2) {
    const member = ancestors[i];
    const outer = ancestors[i - 1];
    if (!isMember(member) || member.object !== current || outer?.type !== 'CallExpression' || outer.callee !== member) break;
    const method = propertyName(member);
    if (style === 'ky' && method === 'json') return outer;
    if (style !== 'superagent') break;
    current = outer;
    if (method === 'send') return current;
  }
  return style === 'superagent' ? current : call;
}

/** The text of `node` with `edits` (all inside it) applied, or `undefined` if one lies outside. */
function splice(ctx: FileContext, node: Node, edits: readonly TextEdit[]): string | undefined {
  const start = node.start ?? 0;
  const end = node.end ?? 0;
  if (edits.some((edit) => edit.start < start || edit.end > end)) return undefined;
  let text = '';
  let cursor = start;
  for (const edit of [...edits].sort((a, b) => a.start - b.start)) {
    text += ctx.source.slice(cursor, edit.start) + edit.text;
    cursor = edit.end;
  }
  return text + ctx.source.slice(cursor, end);
}

/**
 * `node` (a URL whose value is `value`) rewritten to call the v2 `path`: the operation and the v1 base changed
 * where they are written inside it, or, when the operation comes from a constant, the smallest part of `node`
 * that holds it written out as a string. `undefined` if neither is possible.
 */
function rewriteUrl(ctx: FileContext, node: Node, value: StaticValue, path: string): string | undefined {
  const match = matchV1Url(value, path);
  if (!match.operation) return undefined;
  const start = node.start ?? 0;
  const end = node.end ?? 0;
  const inside = (edit: TextEdit) => edit.file === ctx.file && edit.start >= start && edit.end <= end;
  const edits = match.edits.filter(inside);
  if (match.operationEdit && inside(match.operationEdit)) return splice(ctx, node, edits);
  // The path is written elsewhere (a constant, an endpoints map): the smallest expression here that holds it.
  let holder: { node: Node; text: string } | undefined;
  walk(node, (candidate) => {
    if (
      candidate.type === 'TemplateElement' ||
      (holder && (holder.node.end ?? 0) - (holder.node.start ?? 0) <= (candidate.end ?? 0) - (candidate.start ?? 0))
    )
      return;
    const { text } = flatten(evaluate(candidate, ctx));
    if (!text.includes('\0') && matchV1Url(evaluate(candidate, ctx), path).operation) holder = { node: candidate, text };
  });
  if (!holder) return undefined;
  const { node: found, text } = holder;
  const operation = match.operation;
  const written = text.replace(operation, path).replace(V1_BASE_PATTERN, V2_BASE);
  const outside = edits.filter((edit) => edit.end <= (found.start ?? 0) || edit.start >= (found.end ?? 0));
  return splice(ctx, node, [...outside, { file: ctx.file, start: found.start ?? 0, end: found.end ?? 0, text: ctx.str(written) }]);
}
