import type { CallExpression, Node, ObjectExpression } from '@babel/types';
import { type V1JourneyPath, V2_PATHS } from '@journey-bridge/contract';
import { evaluate } from '../analysis/evaluate.js';
import { REQUEST_INTERCEPTOR_FORM } from '../analysis/request-interceptors.js';
import { flatten, type StaticValue } from '../analysis/static-value.js';
import { isMember, propertyName, receiverText, walk } from '../parse/walk.js';
import { callStyle } from './call-style.js';
import type { FileContext } from './file-context.js';
import type { CallStyle } from './http-libraries.js';
import { joinBase } from './join-base.js';
import { propertyOf } from './object-edits.js';
import { OPERATION_RULES, type OperationOptions, planOperation } from './operations.js';
import type { Receivers } from './receivers.js';
import { type RequestBody, requestBody } from './request-body.js';
import { INTERCEPTOR_FORM } from './response-interceptors.js';
import { SiteBuilder } from './site-builder.js';
import type { CallShape } from './synthesize-call.js';
import { isTestDoubleRoute, isUrlMatchCall } from './url-matches.js';
import { leadingHole, matchV1Url, otherWrittenBase, type UrlMatch, V1_BASE_PATTERN, V2_BASE, V2_BASE_PATTERN } from './v1-url.js';

/** A v1 call found in the file, planned as one site. `operation` is absent for a transport (base path only). */
export interface PlannedCall {
  readonly site: SiteBuilder;
  readonly call: CallExpression;
  readonly ancestors: readonly Node[];
  readonly operation: V1JourneyPath | undefined;
  readonly style: CallStyle;
  readonly body: RequestBody;
  /** The URL as written in the call, with its value. */
  readonly url?: { readonly node: Node; readonly value: StaticValue };
}

/** A call of the v2 API the file already makes: its flow may still hold v1 parts. */
export interface V2Call {
  readonly id: string;
  readonly start: number;
  readonly end: number;
  readonly path: string;
  readonly style: CallStyle;
  /** The start of its body expression. */
  readonly body?: number;
}

/** `V1Api` methods, the operation each calls, and the v2 client method that replaces it. */
export const V1_API_METHODS: Readonly<Record<string, { operation: V1JourneyPath; v2: string }>> = {
  startJourney: { operation: 'journey/start', v2: 'startJourney' },
  listTasks: { operation: 'journey/task/list', v2: 'fetchInteraction' },
  listTasksWithSchema: { operation: 'journey/task/list/schema', v2: 'fetchInteraction' },
  getTaskSchema: { operation: 'journey/task/schema', v2: 'fetchInteraction' },
  updateTask: { operation: 'journey/task/update', v2: 'submitInteraction' },
  fetchState: { operation: 'journey/state/fetch', v2: 'fetchState' },
};

/** The piece every `V1Api` call of a file shares: the client is switched to v2 only if all of them are migrated. */
export const v1ClientPiece = (file: string): string => `v1-client:${file}`;

const V2_PATH_LIST = Object.values(V2_PATHS);

interface Candidate {
  readonly call: CallExpression;
  readonly ancestors: readonly Node[];
  readonly match: UrlMatch;
  readonly url: { readonly node: Node; readonly value: StaticValue };
  readonly urlIndex: number;
  readonly config: ObjectExpression | undefined;
  /** Texts that tie calls to one v1 target: the receiver, the callee, the run-time base. */
  readonly keys: readonly string[];
}

/**
 * The URL argument of a call: `url` of a config object (`axios({ url })`), else the first argument, or a later one
 * that names a v1 or v2 journey path where the first does not (`request(command, 'journey/task/list', body)`).
 */
function urlArgument(ctx: FileContext, call: CallExpression): { node: Node; index: number; config?: ObjectExpression } | undefined {
  const first = call.arguments[0];
  if (!first || first.type === 'SpreadElement' || first.type === 'ArgumentPlaceholder') return undefined;
  if (first.type === 'ObjectExpression') {
    const url = propertyOf(first, 'url');
    return url ? { node: url.value, index: 0, config: first } : undefined;
  }
  for (const [index, argument] of call.arguments.slice(1, 3).entries()) {
    if (
      argument.type !== 'StringLiteral' &&
      argument.type !== 'TemplateLiteral' &&
      argument.type !== 'Identifier' &&
      argument.type !== 'MemberExpression'
    )
      continue;
    if (namesPath(ctx, first) || !namesPath(ctx, argument)) continue;
    return { node: argument, index: index + 1 };
  }
  return { node: first, index: 0 };
}

/** Whether `node` names a journey path: a v1 operation, or a v2 one (a call a run already moved is a v2 call of its flow). */
const namesPath = (ctx: FileContext, node: Node): boolean => {
  const value = evaluate(node, ctx);
  return matchV1Url(value).operation !== undefined || v2PathOf(value) !== undefined;
};

/** The start of the body expression a call carries, for following values into it. */
const bodyStart = (body: RequestBody): number | undefined => ('at' in body ? (body.at.start ?? undefined) : undefined);

/** Every v1 call of the file, in every call style, each planned as an all-or-nothing site; and the v2 calls beside them. */
export function planCalls(
  ctx: FileContext,
  receivers: Receivers,
  options: OperationOptions,
): { readonly calls: PlannedCall[]; readonly v2Calls: V2Call[] } {
  const candidates: Candidate[] = [];
  const planned: PlannedCall[] = [];
  const v2Calls: V2Call[] = [];
  walk(ctx.ast.program, (node, ancestors) => {
    if (node.type !== 'CallExpression') return;
    const { callee } = node;
    // `api.post(…)` goes through `api`; so does `api({ url })`, an axios instance called as a function.
    const called = isMember(callee) ? undefined : receiverText(callee);
    const receiver = isMember(callee)
      ? receiverText(callee.object)
      : called !== undefined && receivers.instances.has(called)
        ? called
        : undefined;
    const method = isMember(callee) ? propertyName(callee) : undefined;
    if (receiver !== undefined && method !== undefined && receivers.v1Api.has(receiver) && V1_API_METHODS[method]) {
      planned.push(planV1ApiCall(ctx, node, [...ancestors], method, options));
      return;
    }
    // `url.endsWith('/task/list')`, `expect(url).toContain(…)`, a test double's route (`nock(host).post(path).reply(…)`):
    // a v1 path matched, not requested (url-matches.ts).
    if (isUrlMatchCall(node) || isTestDoubleRoute(node, ancestors)) return;
    const url = urlArgument(ctx, node);
    if (!url) return;
    const value = evaluate(url.node, ctx);
    const instance = receiver === undefined ? undefined : receivers.instances.get(receiver);
    const combined: StaticValue = instance?.base ? joinBase(instance.base, value, ctx.text(url.node)) : value;
    const v2Path = v2PathOf(combined);
    if (v2Path) {
      const style = callStyle(ctx, node, receivers);
      const body = bodyStart(requestBody(ctx, node, url.config, ancestors, url.index));
      v2Calls.push({
        id: `${ctx.file}:${node.start ?? 0}`,
        start: node.start ?? 0,
        end: node.end ?? 0,
        path: v2Path,
        style,
        ...(body === undefined ? {} : { body }),
      });
      return;
    }
    const match = matchV1Url(combined);
    const through = match.operation || match.hasBase ? undefined : throughV1Fallback(combined);
    if (!match.operation && !match.hasBase && !through) return;
    const lead = leadingHole(combined);
    const keys = [receiver, lead, ctx.text(callee)].filter((key): key is string => key !== undefined);
    candidates.push({
      call: node,
      ancestors: [...ancestors],
      match: through ?? match,
      url: { node: url.node, value: combined },
      urlIndex: url.index,
      config: url.config,
      keys,
    });
  });
  // `journey/start` and `journey/state/fetch` exist in both versions: they are v1 when they go through the same
  // receiver, callee or base as a call that is v1 for sure.
  const v1Keys = new Set(candidates.filter((candidate) => candidate.match.isV1).flatMap((candidate) => candidate.keys));
  const v1Calls = candidates.filter((candidate) => candidate.match.isV1 || candidate.keys.some((key) => v1Keys.has(key)));
  const transports = v1Calls.filter((candidate) => !candidate.match.operation);
  const transportPieces = transports.flatMap((candidate) => candidate.match.pieces);
  for (const candidate of v1Calls) {
    const { call, ancestors, match } = candidate;
    const operation = match.operation;
    const site = new SiteBuilder(
      ctx,
      call,
      ancestors,
      operation ? OPERATION_RULES[operation] : 'endpoint.base-path',
      describe(operation),
      'call',
      operation,
    );
    site.edits.push(...match.edits);
    site.pieces.push(...match.pieces);
    if (match.problem) site.refuse('codemod.dynamic-url', match.problem, 'a v2 path under /v2/captain/');
    const perInstance = instanceStateOf(candidate.url.value);
    if (perInstance)
      site.refuse(
        'codemod.dynamic-url',
        `its base (the getter ${perInstance.getter}) is built from ${perInstance.text}, which each instance sets at run time`,
        'a base built from constants, or a getter that returns one',
      );
    const fallback = operation && !match.hasBase ? v1Fallback(candidate.url.value) : undefined;
    if (fallback)
      site.refuse(
        'codemod.unrecognized-v1-url',
        `its base (${fallback.text}) is known only at run time and falls back to the v1 base "${fallback.fallback.replaceAll('\0', '…')}", which the run does not rewrite: the v2 path alone would name neither version`,
        'make the base and its fallback end in /v2/captain/ instead of /captain/api/ where they are configured, then run again',
      );
    const writtenBase = operation && !match.hasBase && !fallback ? otherWrittenBase(candidate.url.value) : undefined;
    if (writtenBase)
      site.refuse(
        'codemod.unrecognized-v1-url',
        `its base (${writtenBase}) is written out and is not the platform's v1 base (…/captain/api/): it may be another API's path that looks like v1's, or v1 behind a gateway the codemod cannot tell`,
        'if it is another API, put `// journey-codemod-ignore` above the call; if it is v1 behind a gateway, point the gateway at /v2/captain/ and write the v2 call by hand',
      );
    if (operation && !match.hasBase && !writtenBase) {
      if (transports.length > 0) site.pieces.push(...transportPieces);
      else {
        const lead = leadingHole(evaluate(candidate.url.node, ctx));
        // Calls through one run-time base move to v2 together, when that base is pointed at v2.
        site.pieces.push(runTimeBasePiece(ctx.file, candidate.keys[0] ?? ''));
        site.needsReview(
          'endpoint.base-path',
          `the base URL is only known at run time${lead ? ` (${lead})` : ''}`,
          'make the base end in /v2/captain/ instead of /captain/api/',
        );
      }
    }
    if (candidate.urlIndex === 1 && isXhrOpen(call))
      site.refuse(
        'codemod.unknown-client',
        `sent with XMLHttpRequest (${ctx.text(call.callee)}), whose answer reaches onload and responseText, which the codemod does not follow`,
        'send it with fetch (or axios, ky, got), then run again',
      );
    const style = callStyle(ctx, call, receivers);
    const name = isMember(call.callee)
      ? receiverText(call.callee.object)
      : call.callee.type === 'Identifier'
        ? call.callee.name
        : undefined;
    const redirect = name === undefined ? undefined : receivers.redirected.get(name);
    if (redirect)
      site.refuse(
        'codemod.request-interceptor',
        `goes through ${name}, and ${redirect}: the rewritten call could still be sent where v1 is, or with a v1 body`,
        REQUEST_INTERCEPTOR_FORM,
      );
    if (style === 'axios-intercepted') {
      const interception = name === undefined ? undefined : receivers.interceptors.get(name);
      const problem = interception && 'problem' in interception ? interception.problem : 'its response interceptor cannot be read';
      site.refuse(
        'codemod.response-interceptor',
        `goes through ${name ?? 'an axios instance'}, and ${problem}: the codemod cannot tell what the call answers`,
        INTERCEPTOR_FORM,
      );
    }
    const body = requestBody(ctx, call, candidate.config, ancestors, candidate.urlIndex);
    const start = bodyStart(body);
    site.call = { start: call.start ?? 0, end: call.end ?? 0, style, ...(start === undefined ? {} : { body: start }) };
    if (operation) planOperation(site, ctx, operation, body, options, { call, ancestors, style, url: candidate.url, body });
    planned.push({ site, call, ancestors, operation, style, body, url: candidate.url });
  }
  return { calls: planned, v2Calls };
}

/**
 * `xhr.open('POST', url)`, `xhr.open(METHOD, url)`: XMLHttpRequest's, a method's `open` whose URL is its second
 * argument (the caller asks only where the first names no journey path, so `window.open(url)` is never one).
 */
const isXhrOpen = (call: CallExpression): boolean =>
  isMember(call.callee) && propertyName(call.callee) === 'open' && call.arguments.length >= 2;

/** A hole of the URL read through a getter from the instance's own state (`this.region` in `get base()`). */
function instanceStateOf(value: StaticValue): { readonly getter: string; readonly text: string } | undefined {
  if (value.kind !== 'string') return undefined;
  for (const part of value.parts) if (part.kind === 'hole' && part.getter) return { getter: part.getter, text: part.text };
  return undefined;
}

/** A hole of the URL that falls back to a v1 base (`process.env.BASE ?? '…/captain/api/'`), which no edit reaches. */
function v1Fallback(value: StaticValue): { readonly text: string; readonly fallback: string } | undefined {
  if (value.kind !== 'string') return undefined;
  for (const part of value.parts)
    if (part.kind === 'hole' && part.fallback !== undefined && V1_BASE_PATTERN.test(part.fallback))
      return { text: part.text, fallback: part.fallback };
  return undefined;
}

/**
 * The v1 operation a call sends through a base known only at run time that falls back to v1's
 * (`axios.create({ baseURL: process.env.URL || '…/captain/api/journey/' })`, then `post('state/fetch')`): read as
 * the fallback joined to the path, so the call is a v1 one. Nothing of it is edited: the fallback is never
 * rewritten, and the call is refused below, marked with it.
 */
function throughV1Fallback(value: StaticValue): UrlMatch | undefined {
  const fallback = v1Fallback(value);
  const lead = leadingHole(value);
  if (!fallback || lead !== fallback.text || value.kind !== 'string') return undefined;
  const rest = flatten({ kind: 'string', parts: value.parts.slice(1) }).text;
  const read = matchV1Url({ kind: 'string', parts: [{ kind: 'text', value: `${fallback.fallback.split('\0')[0]}${rest}` }] });
  return read.operation ? { operation: read.operation, isV1: true, hasBase: false, edits: [], pieces: [] } : undefined;
}

/** The piece the calls through one run-time base share: that base is pointed at v2 once, for all of them. */
const runTimeBasePiece = (file: string, key: string): string => `run-time-base:${file}:${key}`;

/** The v2 path a URL calls, when it is a v2 journey URL. */
function v2PathOf(value: StaticValue): string | undefined {
  const { text } = flatten(value);
  const base = V2_BASE_PATTERN.exec(text);
  if (base === null) return undefined;
  const rest = text.slice(base.index + V2_BASE.length).replace(/^\//, '');
  return V2_PATH_LIST.find((path) => rest === path || rest.startsWith(`${path}?`));
}

function planV1ApiCall(
  ctx: FileContext,
  call: CallExpression,
  ancestors: readonly Node[],
  method: string,
  options: OperationOptions,
): PlannedCall {
  const target = V1_API_METHODS[method];
  if (!target) throw new Error(`not a V1Api method: ${method}`);
  const site = new SiteBuilder(
    ctx,
    call,
    ancestors,
    OPERATION_RULES[target.operation],
    describe(target.operation),
    'call',
    target.operation,
  );
  site.pieces.push(v1ClientPiece(ctx.file));
  if (isMember(call.callee) && target.v2 !== method) site.replace(call.callee.property, target.v2);
  const first = call.arguments[0];
  const body: RequestBody =
    first?.type === 'ObjectExpression' ? { object: first, at: first } : first ? { opaque: first, at: first } : { missing: true };
  const start = bodyStart(body);
  site.call = { start: call.start ?? 0, end: call.end ?? 0, style: 'body', ...(start === undefined ? {} : { body: start }) };
  const shape: CallShape = { call, ancestors, style: 'body', body };
  planOperation(site, ctx, target.operation, body, options, shape);
  return { site, call, ancestors, operation: target.operation, style: 'body', body };
}

function describe(operation: V1JourneyPath | undefined): string {
  if (!operation) return 'v1 base path → v2 base path';
  return `${operation} → its v2 replacement`;
}
