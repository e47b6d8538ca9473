import type { CallExpression, Function as FunctionNode } from '@babel/types';
import { evaluate } from '../analysis/evaluate.js';
import { concat } from '../analysis/static-value.js';
import { placeRef } from '../edits/line-refs.js';
import { helpersOff } from '../plan/helpers-off.js';
import type { OperationOptions } from '../plan/operations.js';
import { OPERATION_RULES, planOperation } from '../plan/operations.js';
import type { FilePlan } from '../plan/plan-file.js';
import { bodyOf } from '../plan/request-body.js';
import { planResourceId } from '../plan/resource-id.js';
import { SiteBuilder } from '../plan/site-builder.js';
import { type Site, settle } from '../plan/types.js';
import { matchV1Url } from '../plan/v1-url.js';
import type { Wrapper } from '../plan/wrappers.js';
import { type Answer, answerOf } from './answers.js';
import { Functions } from './functions.js';
import { type LeavingTie, tieLeavingIds, unfollowedInstanceRequests } from './leaving-ids.js';
import { baseFromCallers } from './parameter-bases.js';
import type { Source, Sources } from './sources.js';
import { markStrayWrapperCallers } from './stray-wrapper-callers.js';
import { type BodyOwner, type Followed, Tracker } from './tracker.js';
import { UnreadableCalls } from './unreadable-calls.js';
import { unrecognizedRequests } from './unrecognized-requests.js';
import { unrecognizedV1Paths } from './unrecognized-task-paths.js';
import { untiedStateReads } from './untied-state-reads.js';

/** What the flow analysis adds to the files' plans. */
export interface FlowAnalysis extends Followed {
  /** For each call through a function of the project, what that function answers. */
  readonly answers: ReadonlyMap<string, Answer>;
  /** The v2 calls the files make, by id, for flows that hold both versions. */
  readonly v2Calls: ReadonlySet<string>;
  /** Calls whose id leaves the code, each tied to a v1 call whose id comes from outside: they may be one journey. */
  readonly leavingTies: readonly LeavingTie[];
  /** v1 calls whose instance id comes from outside (none of the run's starts reaches them): they may be one journey. */
  readonly untiedCalls: readonly string[];
}

/** The piece the calls through one path wrapper share: its base moves to v2 with all of them, or not at all. */
const wrapperPiece = (wrapper: Wrapper): string => `wrapper:${wrapper.file}:${wrapper.fn}`;

/**
 * Finds the flows of the run: follows path wrappers to their calls in every file (planning the calls that name
 * only the rest of the path there), then follows what every v1 call answers, and which calls send the ids it
 * answered. Sites it plans are added to `sites`; the sites of `plans` it learns more about are updated in place.
 */
export function analyseFlows(plans: readonly FilePlan[], sources: Sources, options: OperationOptions): FlowAnalysis {
  const functions = new Functions(sources);
  const byId = new Map(plans.flatMap((plan) => plan.sites.map((site) => [site.id, site] as const)));
  const added: Site[] = [];
  for (const wrapper of plans.flatMap((plan) => plan.wrappers)) {
    const source = sources.get(wrapper.file);
    const fn = source && findFunction(source, wrapper.fn);
    if (!source || !fn) continue;
    for (const caller of functions.callersOf({ source, fn })) {
      if (caller.call.type !== 'CallExpression') continue;
      const known = byId.get(`${caller.source.file}:${caller.call.start ?? 0}`);
      if (known) throughWrapper(known, wrapper);
      else {
        const site = planWrapperCall({ source: caller.source, call: caller.call }, wrapper, options);
        if (site) {
          added.push(site);
          byId.set(site.id, site);
        }
      }
    }
  }
  for (const wrapper of plans.flatMap((plan) => plan.strayWrappers)) {
    const source = sources.get(wrapper.file);
    const fn = source && findFunction(source, wrapper.fn);
    if (source && fn) added.push(...markStrayWrapperCallers(wrapper, source, fn, functions, new Set(byId.keys())));
  }
  const calls = [...byId.values()].filter((site) => site.role === 'call');
  for (const site of calls) baseFromCallers(site, sources, functions);
  for (const site of calls)
    if (site.deferred?.kind === 'start' && site.deferred.resourceIdParam)
      mapPassedIds(site, site.deferred.resourceIdParam, sources, functions, options);
  keepRunTimeStartsBesideStrayIds(calls, plans, sources);
  const bodies = new Map<string, BodyOwner>();
  for (const site of calls)
    if (site.call?.body !== undefined)
      bodies.set(`${site.file}:${site.call.body}`, { id: site.id, update: site.operation === 'journey/task/update' });
  const v2Calls = new Set<string>();
  for (const plan of plans) {
    for (const call of plan.v2Calls) {
      v2Calls.add(call.id);
      if (call.body !== undefined) bodies.set(`${plan.file}:${call.body}`, { id: call.id, update: false });
    }
  }
  const answers = new Map<string, Answer>();
  for (const site of calls) {
    if (site.call?.style !== 'callee') continue;
    const source = sources.get(site.file);
    const call = source?.nodeAt(site.call.start, 'CallExpression', site.call.end);
    if (source && call) answers.set(site.id, answerOf(functions, source, call));
  }
  const candidates = new Set(plans.map((plan) => plan.file));
  const tracker = new Tracker(sources, functions, bodies, helpersOff(options), new UnreadableCalls(sources, candidates));
  for (const site of calls) tracker.track(site);
  // A v2 state is followed too: code reading it as a v1 state is a flow half on v2.
  for (const plan of plans)
    for (const call of plan.v2Calls)
      if (call.path === 'journey/start' || call.path === 'journey/state/fetch') tracker.trackV2Start(plan.file, call);
  // Requests to v1 URLs no site plans: the calls sending on the ids they answer stay v1 with them.
  const known = new Set([...byId.keys(), ...v2Calls]);
  const unrecognized = unrecognizedRequests(sources, [...candidates], known);
  for (const site of unrecognized) tracker.trackUnrecognized(site);
  const followed = tracker.result();
  const answering = new Set(followed.links.map(([from]) => from));
  const kept = unrecognized.filter((site) => answering.has(site.id));
  // Calls naming a v1 task path no site accounts for: v1 requests the codemod cannot follow, so they are marked.
  const { taskPaths, builtUrls } = unrecognizedV1Paths(sources, [...candidates], [...byId.values(), ...kept, ...followed.sites]);
  // v1 task paths outside any call it recognises (a generated client's `path: '/journey/task/list'`): the ids sent
  // there come from callers it cannot follow, so a start's id handed out may be among them.
  // Only those no site accounts for (a recognised call's literal is one of its pieces).
  const covered = new Set([...byId.values(), ...kept, ...followed.sites, ...taskPaths, ...builtUrls].flatMap((site) => site.pieces));
  const literals = new Map(
    plans
      .flatMap((plan) => plan.literals.filter((literal) => !literal.heldBySites && !covered.has(literal.key)))
      .map((l) => [l.site.id, l]),
  );
  const unfollowed = unfollowedInstanceRequests(
    [...byId.values(), ...kept, ...taskPaths, ...[...literals.values()].map((l) => l.site)],
    sources,
  );
  const readsFromOutside = untiedStateReads(
    plans.flatMap((plan) => plan.reads),
    followed.sites.filter((site) => site.role === 'read'),
    sources,
  );
  // A call a start's id reaches may take others too, where that id went through a function also given ids from elsewhere.
  const alsoFromOutside = (id: string) => followed.reachedFromOutside.has(id);
  for (const site of calls) {
    const via = followed.reachedFromOutside.get(site.id);
    if (via) site.outsideVia = via;
  }
  const leaving = tieLeavingIds(
    calls,
    plans.flatMap((plan) => plan.v2Calls),
    followed.links,
    followed.idLeaves,
    sources,
    [...unfollowed, ...readsFromOutside],
    alsoFromOutside,
  );
  // A literal tied so joins the flows as a site, its own key among its pieces so that it is reported once; so does
  // one counted among the calls taking ids from outside, which may be one journey with the others.
  const tiedLiterals = [...new Set([...leaving.ties.map((tie) => tie.call), ...leaving.untied])].flatMap((id) => {
    const literal = literals.get(id);
    return literal ? [{ ...literal.site, pieces: [...literal.site.pieces, literal.key] }] : [];
  });
  return {
    ...followed,
    sites: [...added, ...kept, ...followed.sites, ...taskPaths, ...builtUrls, ...tiedLiterals],
    answers,
    v2Calls,
    leavingTies: leaving.ties,
    untiedCalls: leaving.untied,
    v2Unfollowed: [...followed.v2Unfollowed, ...leaving.v2Unfollowed],
  };
}

function findFunction(source: Source, start: number): FunctionNode | undefined {
  for (const type of [
    'FunctionDeclaration',
    'FunctionExpression',
    'ArrowFunctionExpression',
    'ClassMethod',
    'ClassPrivateMethod',
    'ObjectMethod',
  ] as const) {
    const node = source.nodeAt(start, type);
    if (node) return node;
  }
  return undefined;
}

/**
 * A start whose `resourceId` is a parameter: the ids its callers pass (`JOURNEYS.accountOpening`) are mapped
 * where they are written. Any caller passing an id known only at run time keeps the review; an unmapped id refuses.
 */
function mapPassedIds(
  site: Site,
  param: { fn: number; index: number },
  sources: Sources,
  functions: Functions,
  options: OperationOptions,
): void {
  const source = sources.get(site.file);
  const fn = source && findFunction(source, param.fn);
  if (!source || !fn) return;
  const callers = functions.callersOf({ source, fn });
  const plans = callers.map(({ source: caller, call }) => {
    const argument = call.arguments[param.index];
    return argument && argument.type !== 'SpreadElement' && argument.type !== 'ArgumentPlaceholder'
      ? planResourceId(evaluate(argument, caller.ctx), options.journeyMap)
      : ({ runTime: true } as const);
  });
  // Each caller's id is planned on its own: one known only at run time keeps the review, but never lets a
  // v1 literal another caller writes through unmapped, nor an unmapped one through unrefused.
  const refusal = plans.find((plan) => 'refusal' in plan);
  if (refusal && 'refusal' in refusal) site.refusal ??= refusal.refusal;
  for (const plan of plans) {
    if (!('edit' in plan)) continue;
    site.edits.push(plan.edit);
    site.pieces.push(plan.piece);
  }
  if (plans.length > 0 && !plans.some((plan) => 'runTime' in plan))
    site.reviews = site.reviews.filter((review) => review.rule !== 'request.start-resource-id');
  settle(site);
}

/**
 * A start that sends a resourceId known only at run time (a parameter some callers of which the codemod cannot
 * see: `Journey.begin(id)` through a namespace's alias) stays v1 while the run writes a v1 resourceId no start it
 * recognises takes: that id may be the one sent, and a v2 start of a v1 id starts nothing.
 */
function keepRunTimeStartsBesideStrayIds(calls: readonly Site[], plans: readonly FilePlan[], sources: Sources): void {
  const accounted = new Set(calls.flatMap((site) => site.pieces));
  const stray = plans
    .flatMap((plan) => plan.literals)
    .find((literal) => literal.site.rule === 'request.start-resource-id' && !accounted.has(literal.key));
  if (!stray) return;
  const written = sources.text(stray.site.file)?.slice(stray.site.span.start, stray.site.span.end) ?? '';
  const where = placeRef(stray.site.file, stray.site.span.start);
  for (const site of calls) {
    if (site.operation !== 'journey/start' || !site.reviews.some((review) => review.rule === 'request.start-resource-id')) continue;
    site.refusal ??= {
      rule: 'request.start-resource-id',
      reason: `its resourceId is known only at run time, and ${where} writes the v1 resourceId ${written} where no start the codemod recognises takes it: it may be the one sent here, and a v2 start of a v1 id starts nothing`,
      suggestion:
        'call the start function by its own name (not through an alias the codemod does not follow), or map that id where it is written, then run again',
    };
    settle(site);
  }
}

/** A call the file found by its full path, made through a wrapper with a base of its own: the base moves with the wrapper. */
function throughWrapper(site: Site, wrapper: Wrapper): void {
  site.reviews = site.reviews.filter(
    (review) => !(review.rule === 'endpoint.base-path' && review.reason.startsWith('the base URL is only known at run time')),
  );
  site.pieces = [...site.pieces.filter((piece) => !piece.startsWith('run-time-base:')), ...wrapper.pieces, wrapperPiece(wrapper)];
  settle(site);
}

/** A call of a path wrapper with the rest of the path (`post('task/update', token, body)`), planned as a v1 call. */
function planWrapperCall(
  { source, call }: { source: Source; call: CallExpression },
  wrapper: Wrapper,
  options: OperationOptions,
): Site | undefined {
  const argument = call.arguments[wrapper.urlParam];
  if (!argument || argument.type === 'SpreadElement' || argument.type === 'ArgumentPlaceholder') return undefined;
  const { ctx } = source;
  const value = concat([wrapper.prefix, evaluate(argument, ctx)], ctx.text(argument));
  const match = matchV1Url(value);
  const ancestors = source.ancestors(call);
  const operation = match.operation;
  const site = new SiteBuilder(
    ctx,
    call,
    ancestors,
    operation ? OPERATION_RULES[operation] : 'endpoint.base-path',
    operation ? `${operation} → its v2 replacement` : 'v1 base path → v2 base path',
    'call',
    operation,
  );
  site.edits.push(...match.edits);
  site.pieces.push(...match.pieces, ...wrapper.pieces, wrapperPiece(wrapper));
  if (match.problem) site.refuse('codemod.dynamic-url', match.problem, 'a v2 path under /v2/captain/');
  if (!operation)
    site.refuse(
      'codemod.dynamic-url',
      `${ctx.text(argument)} is not a journey path the codemod knows under the v1 base`,
      'a v2 path under /v2/captain/',
    );
  const bodyArgument = wrapper.bodyParam === undefined ? undefined : call.arguments[wrapper.bodyParam];
  const body =
    bodyArgument && bodyArgument.type !== 'SpreadElement' && bodyArgument.type !== 'ArgumentPlaceholder'
      ? bodyOf(ctx, bodyArgument)
      : bodyOf(ctx, undefined);
  const start = 'at' in body ? body.at.start : undefined;
  site.call = { start: call.start ?? 0, end: call.end ?? 0, style: 'callee', ...(start == null ? {} : { body: start }) };
  if (operation)
    planOperation(site, ctx, operation, body, options, { call, ancestors, style: 'callee', url: { node: argument, value }, body });
  return site.build();
}
