import type { File, Node } from '@babel/types';
import { type JourneyMap, mapResourceId } from '@journey-bridge/contract';
import { evaluate } from '../analysis/evaluate.js';
import type { ImportedConstants } from '../analysis/imported-constants.js';
import { sourceKey } from '../analysis/static-value.js';
import { isMember, propertyName, walk } from '../parse/walk.js';
import { planCalls, type V2Call } from './call-sites.js';
import { planErrorReads } from './error-reads.js';
import { FileContext } from './file-context.js';
import type { OperationOptions } from './operations.js';
import { findReceivers } from './receivers.js';
import { planResponseMocks } from './response-mocks.js';
import { SiteBuilder } from './site-builder.js';
import { findStrayUrls, type StrayWrapper, UNRECOGNIZED_V1_URL_FORM } from './stray-urls.js';
import { planTokenScope } from './token-scope.js';
import type { Site } from './types.js';
import { planUrlMatches } from './url-matches.js';
import { planV1Client } from './v1-client.js';
import { findWrappers, type Wrapper } from './wrappers.js';

/** A literal carrying v1 text: reported on its own unless some site accounts for it. */
export interface V1Literal {
  readonly key: string;
  readonly site: Site;
  /**
   * Set for a v1 resourceId: a site that holds it (in the call it plans, its statement, or an edit) accounts for it
   * too, as a start that is marked or a mapped id in a start the codemod rewrites.
   */
  readonly heldBySites?: true;
}

/**
 * What one file contributes to a run: its sites, stray v1 literals and v1 state reads (reported unless a flow
 * accounts for them), the v2 calls it makes, and its path wrappers (those over a client it recognises, and not).
 */
export interface FilePlan {
  readonly file: string;
  readonly sites: readonly Site[];
  readonly literals: readonly V1Literal[];
  readonly reads: readonly Site[];
  /** Comparisons of a `status` with `'Failed'`, which v2 spells `'Error'` too: reported only where an answer may reach them. */
  readonly statusChecks: readonly Site[];
  readonly v2Calls: readonly V2Call[];
  readonly wrappers: readonly Wrapper[];
  /** Functions that send a v1 base and a path from their callers through a client the codemod does not recognise. */
  readonly strayWrappers: readonly StrayWrapper[];
}

const V1_TEXT = /\/captain\/api(?=$|[/?#])|journey\/task\//;

/**
 * Plans a file in one pass of small ordered steps over one parse: calls first, then the error reads in their
 * failure branches, then the client, tokens, written-out v1 responses and stray v1 literals. What the calls
 * answer is followed across files afterwards (`flow/`), with every file's plan at hand.
 */
export function planFile(
  file: string,
  source: string,
  ast: File,
  analysis: ImportedConstants,
  options: OperationOptions,
  ctx: FileContext = new FileContext(file, source, ast, analysis),
): FilePlan {
  const receivers = findReceivers(ctx);
  const { calls, v2Calls } = planCalls(ctx, receivers, options);
  const sites: Site[] = calls.map((call) => call.site.build());
  for (const call of calls) sites.push(...planErrorReads(ctx, call));
  const client = planV1Client(ctx, receivers);
  if (client) sites.push(client);
  sites.push(...planTokenScope(ctx));
  sites.push(...planResponseMocks(ctx));
  sites.push(...planUrlMatches(ctx));
  const stray = findStrayUrls(ctx, new Set(calls.map((call) => call.call)), V1_TEXT);
  sites.push(...stray.sites);
  return {
    file,
    sites: dedupe(sites),
    literals: [...v1Literals(ctx), ...v1ResourceIds(ctx, options.journeyMap)],
    ...stateReads(ctx),
    v2Calls,
    wrappers: findWrappers(file, calls),
    strayWrappers: stray.wrappers,
  };
}

/**
 * In one walk: `X.data.process.flow` and `X.data.context.process.flow` (with `?.` or not), reads only a v1 state
 * answers, also destructured (`const { data: { process: { flow } = {} } = {} } = x`), through a getter given the path (`get(x, 'data.process.flow.decision')`, `R.path(['data',
 * 'process', 'flow'], x)`, `Reflect.get(x, 'data').process.flow`); and `x.status === 'Failed'` (any equality,
 * either side) and `case 'Failed':` of `switch (x.status)`, v1 status checks. Where the codemod follows the status a check is rewritten; one it cannot tie to a call counts only
 * where an answer that leaves the code it follows may reach it (see `escapedReads`).
 */
function stateReads(ctx: FileContext): { reads: Site[]; statusChecks: Site[] } {
  const reads: Site[] = [];
  const statusChecks: Site[] = [];
  const named = (node: Node, name: string) => isMember(node) && propertyName(node) === name;
  const isFailed = (node: Node | null | undefined) => node?.type === 'StringLiteral' && node.value === 'Failed';
  const check = (node: Node, ancestors: readonly Node[]) => {
    const site = new SiteBuilder(ctx, node, ancestors, 'status.failure-spelling', 'v1 status check');
    site.refuse(
      'status.failure-spelling',
      `a status compared with 'Failed' (${ctx.text(node).split('\n')[0]}) that the codemod could not tie to a call, where an answer that leaves the code it follows may reach it: a failed v2 journey reads 'Error'`,
      "treat 'Error' as 'Failed' here, or hand the answer to this code through functions the codemod follows, then run again",
    );
    statusChecks.push(site.build());
  };
  const read = (node: Node, ancestors: readonly Node[]) => {
    const site = new SiteBuilder(ctx, node, ancestors, 'response.state-result', 'v1 state read');
    site.refuse(
      'response.state-result',
      `a read of a v1 state (${ctx.text(node)}) the codemod could not tie to a v1 call`,
      'moduleSteps(state) (the steps) and decisionOf(state) (the decision) of a v2 state',
    );
    reads.push(site.build());
  };
  // `state.data`, or a getter's `Reflect.get(state, 'data')`.
  const readsData = (node: Node) =>
    named(node, 'data') || (isCall(node) && node.arguments.some((argument) => pathOf(argument, ctx) === 'data'));
  walk(ctx.ast.program, (node, ancestors) => {
    if (isCall(node) && node.arguments.some((argument) => V1_STATE_PATH.test(pathOf(argument, ctx) ?? '')))
      return void read(node, ancestors);
    if (node.type === 'BinaryExpression' && ['===', '==', '!==', '!='].includes(node.operator)) {
      if ((named(node.left, 'status') && isFailed(node.right)) || (isFailed(node.left) && named(node.right, 'status')))
        check(node, ancestors);
      return;
    }
    if (node.type === 'SwitchStatement' && named(node.discriminant, 'status')) {
      for (const entry of node.cases) if (isFailed(entry.test)) check(entry, [...ancestors, node]);
      return;
    }
    if (node.type === 'ObjectProperty' && V1_STATE_READ.test(destructuredPath(node, ancestors) ?? '')) return void read(node, ancestors);
    if (!isMember(node) || propertyName(node) !== 'flow' || !named(node.object, 'process')) return;
    const process = node.object as Extract<Node, { object: Node }>;
    const data = named(process.object, 'context') ? (process.object as Extract<Node, { object: Node }>).object : process.object;
    if (readsData(data)) read(node, ancestors);
  });
  return { reads, statusChecks };
}

const isCall = (node: Node): node is Extract<Node, { type: 'CallExpression' | 'OptionalCallExpression' }> =>
  node.type === 'CallExpression' || node.type === 'OptionalCallExpression';

/** A path a getter is given that leads into a v1 state's flow (as `pathOf` writes it). */
const V1_STATE_PATH = /^data(?:\.context)?\.process\.flow(?:$|\.)/;

/** A destructuring's path (see `destructuredPath`) that ends at the `flow` of a v1 state's `data.process`. */
const V1_STATE_READ = /(?:^|\.)data(?:\.context)?\.process\.flow$/;

/** The name a destructuring's property takes out: `flow` of `{ flow }`, `{ flow: f }` and `{ 'flow': f = {} }`. */
function keyName(property: Extract<Node, { type: 'ObjectProperty' }>): string | undefined {
  if (property.key.type === 'Identifier' && !property.computed) return property.key.name;
  return property.key.type === 'StringLiteral' ? property.key.value : undefined;
}

/**
 * The path a destructuring's property takes its value from, dotted: its key, the keys of the patterns around it
 * (defaults skipped), and the member names the destructured value is read at (`{ data: { process: { flow } = {} } } =
 * res.body` is `body.data.process.flow`). Undefined for an object literal's property.
 */
function destructuredPath(property: Extract<Node, { type: 'ObjectProperty' }>, ancestors: readonly Node[]): string | undefined {
  const key = keyName(property);
  if (key === undefined || ancestors.at(-1)?.type !== 'ObjectPattern') return undefined;
  const keys = [key];
  let index = ancestors.length - 1;
  let pattern = ancestors[index] as Node;
  for (;;) {
    let above = ancestors[index - 1];
    if (above?.type === 'AssignmentPattern' && above.left === pattern) {
      pattern = above;
      index -= 1;
      above = ancestors[index - 1];
    }
    if (above?.type !== 'ObjectProperty' || above.value !== pattern || ancestors[index - 2]?.type !== 'ObjectPattern') break;
    const outer = keyName(above);
    if (outer === undefined) return undefined;
    keys.unshift(outer);
    index -= 2;
    pattern = ancestors[index] as Node;
  }
  const holder = ancestors[index - 1];
  let read: Node | null | undefined =
    holder?.type === 'VariableDeclarator' && holder.id === pattern
      ? holder.init
      : holder?.type === 'AssignmentExpression' && holder.left === pattern
        ? holder.right
        : undefined;
  for (; read && isMember(read); read = read.object) {
    const name = propertyName(read);
    if (name === undefined) break;
    keys.unshift(name);
  }
  return keys.join('.');
}

/**
 * The path an argument names, its steps joined by dots: a string (`'tasks[0].taskId'` is `tasks.0.taskId`), its text
 * before the first part known only at run time (a template, a `+`, a constant: `` `data.process.flow.${key}` ``), or
 * the leading strings and numbers of an array (`['data', 'process', key]` is `data.process`).
 */
function pathOf(node: Node, ctx: FileContext): string | undefined {
  if (node.type !== 'ArrayExpression') {
    const value = evaluate(node, ctx);
    if (value.kind !== 'string') return undefined;
    let text = '';
    for (const part of value.parts) {
      if (part.kind !== 'text') break;
      text += part.value;
    }
    return text === '' ? undefined : text.replace(/\[(\w+)\]/g, '.$1');
  }
  const steps: string[] = [];
  for (const element of node.elements) {
    if (element?.type !== 'StringLiteral' && element?.type !== 'NumericLiteral') break;
    steps.push(String(element.value));
  }
  return steps.length > 0 ? steps.join('.') : undefined;
}

/** A read inside the failure branch shared by two calls is one site that follows both. */
function dedupe(sites: readonly Site[]): Site[] {
  const byId = new Map<string, Site>();
  for (const site of sites) {
    const known = byId.get(site.id);
    if (!known) byId.set(site.id, site);
    else if (known.dependsOn && site.dependsOn) byId.set(site.id, { ...known, dependsOn: [...known.dependsOn, ...site.dependsOn] });
  }
  return [...byId.values()];
}

function v1Literals(ctx: FileContext): V1Literal[] {
  const literals: V1Literal[] = [];
  walk(ctx.ast.program, (node, ancestors) => {
    const value = node.type === 'StringLiteral' ? node.value : node.type === 'TemplateElement' ? node.value.raw : undefined;
    if (value === undefined || !V1_TEXT.test(value)) return;
    const start = node.type === 'StringLiteral' ? (node.start ?? 0) + 1 : (node.start ?? 0);
    const site = new SiteBuilder(ctx, node, ancestors, 'codemod.unrecognized-v1-url', 'v1 URL');
    site.refuse('codemod.unrecognized-v1-url', `v1 URL text outside a call the codemod recognises: "${value}"`, UNRECOGNIZED_V1_URL_FORM);
    literals.push({ key: sourceKey({ file: ctx.file, start }), site: site.build() });
  });
  return literals;
}

/**
 * A v1 resourceId the journey map names (`'a1d7c3f0data-check-v1@latest'`), written outside a start the codemod
 * recognises (a generated client's `journeyStartPost({ journeyStartRequest: { resourceId } })`, a setting no start
 * it follows reads): the journey it starts is v1, so it is reported unless a start accounts for it (a start maps
 * the literal it sends, which is then its piece). Without a map no id can be told v1, and none is reported.
 */
function v1ResourceIds(ctx: FileContext, journeyMap: JourneyMap | undefined): V1Literal[] {
  if (!journeyMap || Object.keys(journeyMap).length === 0) return [];
  const literals: V1Literal[] = [];
  walk(ctx.ast.program, (node, ancestors) => {
    if (node.type !== 'StringLiteral') return;
    // Most literals of a file name no journey: asked first, so that mapResourceId throws only for a pinned version.
    const at = node.value.lastIndexOf('@');
    if (!Object.hasOwn(journeyMap, node.value) && !Object.hasOwn(journeyMap, at === -1 ? node.value : node.value.slice(0, at))) return;
    let mapped: string;
    try {
      mapped = mapResourceId(node.value, journeyMap);
    } catch {
      return;
    }
    if (mapped === node.value) return;
    const site = new SiteBuilder(ctx, node, ancestors, 'request.start-resource-id', 'v1 resourceId');
    site.refuse(
      'request.start-resource-id',
      `a v1 resourceId ("${node.value}") outside a start the codemod recognises: the journey it starts is v1`,
      `a v2 start of "${mapped}", its body and answers too, not the id alone`,
    );
    literals.push({ key: sourceKey({ file: ctx.file, start: (node.start ?? 0) + 1 }), site: site.build(), heldBySites: true });
  });
  return literals;
}
