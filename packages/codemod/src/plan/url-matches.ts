import type { CallExpression, Node } from '@babel/types';
import { ENDPOINT_MAP, type V1JourneyPath } from '@journey-bridge/contract';
import { sourceKey } from '../analysis/static-value.js';
import { isMember, propertyName, walk } from '../parse/walk.js';
import type { FileContext } from './file-context.js';
import { SiteBuilder } from './site-builder.js';
import type { Site } from './types.js';
import { V1_BASE_PATTERN, V2_BASE } from './v1-url.js';

/** String methods that search a URL for their argument: a match on a path, never a request to it. */
const STRING_SEARCHES = new Set(['includes', 'endsWith', 'startsWith', 'match', 'matchAll', 'indexOf', 'lastIndexOf', 'search']);
const COMPARISONS = new Set(['===', '==', '!==', '!=']);

/**
 * The v1 operations v2 does not have, by the rest of their path (`task/list`, `task/update`, …): a URL matched on
 * one is matched on v1, written with `journey/` or without. `journey/start` and `journey/state/fetch` are in both
 * versions, so a match on them is v1 only with the v1 base.
 */
const V1_ONLY = (Object.keys(ENDPOINT_MAP) as V1JourneyPath[])
  .filter((path) => ENDPOINT_MAP[path] !== path)
  .sort((a, b) => b.length - a.length);
const V1_ONLY_PATH = new RegExp(`(?:^|/)(?:journey/)?(${V1_ONLY.map((path) => path.replace(/^journey\//, '')).join('|')})(?=$|[/?#$)])`);

/**
 * A call that searches a string for its argument (`url.endsWith('/task/list')`, `/task\/list/.test(url)`) or an
 * assertion on a value (`expect(url).toContain(…)`, `expect(fetch).toHaveBeenCalledWith(url, …)`): a v1 path there
 * is matched, not requested, so it is never a call of the v1 API.
 */
export function isUrlMatchCall(call: CallExpression): boolean {
  if (!isMember(call.callee)) return false;
  const method = propertyName(call.callee);
  if (method === undefined) return false;
  if (STRING_SEARCHES.has(method)) return true;
  if (method === 'test' && call.callee.object.type === 'RegExpLiteral') return true;
  return /^to[A-Z]/.test(method) && isExpectation(call.callee.object);
}

/** HTTP methods a test double routes by (`nock(host).post(path)`, msw's `http.post(path, resolver)`). */
const ROUTED_METHODS = new Set(['get', 'post', 'put', 'patch', 'delete', 'head', 'options', 'intercept', 'all']);
/** What nock's interceptor answers with, whatever comes between (`.times(2)`, `.delay(100)`): `.reply(200, body)`. */
const NOCK_ANSWERS = new Set(['reply', 'replyWithError', 'replyWithFile']);

/**
 * A route of a test double, not a request: a nock interceptor (`scope.post('/captain/api/journey/start')` whose chain
 * is answered with `.reply(…)`), or msw's handler (`http.post(url, resolver)`, `rest.post(url, resolver)`: a
 * request's second argument is never a function). `ancestors` are the call's, nearest last.
 */
export function isTestDoubleRoute(call: CallExpression, ancestors: readonly Node[]): boolean {
  if (!isMember(call.callee)) return false;
  const method = propertyName(call.callee);
  if (method === undefined || !ROUTED_METHODS.has(method)) return false;
  const handler = call.arguments[1];
  if (
    call.callee.object.type === 'Identifier' &&
    (call.callee.object.name === 'http' || call.callee.object.name === 'rest') &&
    (handler?.type === 'ArrowFunctionExpression' || handler?.type === 'FunctionExpression')
  )
    return true;
  // Up the chain the call heads (`.times(2).reply(…)`): a member of the call, then the call of that member, again.
  let link: Node = call;
  for (let at = ancestors.length - 1; at >= 1; at -= 2) {
    const member = ancestors[at];
    const next = ancestors[at - 1];
    if (!member || !isMember(member) || member.object !== link || next?.type !== 'CallExpression' || next.callee !== member) return false;
    if (NOCK_ANSWERS.has(propertyName(member) ?? '')) return true;
    link = next;
  }
  return false;
}

/** `expect(x)`, `expect(x).not`, `expect(x).resolves`: the chain a matcher is called on. */
function isExpectation(node: Node): boolean {
  if (isMember(node)) return isExpectation(node.object);
  return node.type === 'CallExpression' && node.callee.type === 'Identifier' && node.callee.name === 'expect';
}

/**
 * v1 paths a URL is matched against (a test double routing requests, `if (url.endsWith('/task/update'))`, or an
 * assertion, `calls.some((c) => c.includes('/captain/api/journey/start'))`): once the flow is on v2 its requests go
 * to other paths, so the match never holds again. Each is marked, with the v2 path to match; only v1 text written
 * in the match itself counts (a constant follows its flow), and it is never a call, so no flow counts it.
 */
export function planUrlMatches(ctx: FileContext): Site[] {
  const sites: Site[] = [];
  walk(ctx.ast.program, (node, ancestors) => {
    const matched =
      node.type === 'CallExpression' && isTestDoubleRoute(node, ancestors) && node.arguments[0]
        ? [node.arguments[0] as Node]
        : (node.type === 'CallExpression' || node.type === 'OptionalCallExpression') && isUrlMatchCall(node as CallExpression)
          ? [
              ...(node.arguments as Node[]),
              ...(isMember(node.callee) && node.callee.object.type === 'RegExpLiteral' ? [node.callee.object] : []),
            ]
          : node.type === 'BinaryExpression' && COMPARISONS.has(node.operator)
            ? [node.left, node.right]
            : node.type === 'SwitchCase' && node.test
              ? [node.test]
              : [];
    for (const argument of matched) {
      const written = v1PathIn(argument);
      if (!written) continue;
      const site = new SiteBuilder(ctx, argument, [...ancestors, node], 'codemod.v1-response-mock', 'v1 path matched in code');
      site.pieces.push(...written.literals.map((start) => sourceKey({ file: ctx.file, start })));
      site.refuse(
        'codemod.v1-response-mock',
        `a URL matched against the v1 path "${written.text}" (a test double or an assertion, not a request): the flow's v2 requests go to other paths`,
        `match the v2 path (${written.v2}) and answer with the v2 shape`,
      );
      sites.push(site.build());
      return;
    }
  });
  return sites;
}

/** The v1 path written in a string, template or regular expression literal, where each literal starts, and its v2 path. */
function v1PathIn(node: Node): { text: string; v2: string; literals: number[] } | undefined {
  let text: string;
  let literals: number[];
  if (node.type === 'StringLiteral') {
    text = node.value;
    literals = [(node.start ?? 0) + 1];
  } else if (node.type === 'TemplateLiteral') {
    text = node.quasis.map((quasi) => quasi.value.cooked ?? quasi.value.raw).join('\0');
    literals = node.quasis.map((quasi) => quasi.start ?? 0);
  } else if (node.type === 'RegExpLiteral') {
    text = node.pattern.replaceAll('\\/', '/');
    literals = [];
  } else return undefined;
  const operation = V1_ONLY_PATH.exec(text)?.[1];
  if (operation === undefined && !V1_BASE_PATTERN.test(text)) return undefined;
  const v2 = operation === undefined ? text.replace(V1_BASE_PATTERN, V2_BASE) : ENDPOINT_MAP[`journey/${operation}` as V1JourneyPath];
  return { text, v2, literals };
}
