import { setMaxListeners } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import { JourneyApiError, type Logger, neverSent, TokenEndpointError, type V1Api } from '@journey-bridge/client';
import { bareId, decodeTaskId, isTerminalStatus, type V1StartRequest, type V1State } from '@journey-bridge/contract';
import { Registry } from 'prom-client';
import { z } from 'zod';
import { bound, type CallContext, type ContextualV1Api } from './contextual-api.js';
import { CutoverOptionsError } from './errors/cutover-options-error.js';
import { ShadowThreadError } from './errors/shadow-thread-error.js';
import { EvidenceWindow } from './evidence-window.js';
import { type KillSwitchOptions, watchKillSwitch } from './kill-switch.js';
import { CutoverMetrics, type FailurePart, type SkipReason } from './metrics.js';
import { type MirrorEnds, type MirrorJob, mirrorJourney } from './mirror.js';
import { DEFAULT_ROLLBACK, parseCutoverOptions, parseStage, readStoredOverride } from './options-schema.js';
import { pairRecordOf } from './pair-record.js';
import { createPrimaryTraffic } from './primary-traffic.js';
import { createShadowQueue } from './shadow-queue.js';
import { type ShadowThreadOptions, startShadowThread } from './shadow-thread/shadow-thread.js';
import { describeStage, isBackFrom, isComparedStage, planStart, previousStage, sameOverride, sameStage, stableBucket } from './stages.js';
import { createMemoryStore } from './stores/memory-store.js';
import { storeFailureReason } from './stores/store-failure-reason.js';
import type {
  CutoverMapping,
  HeldSubmission,
  PairingStore,
  PairRecord,
  Placement,
  RollbackRule,
  Side,
  Stage,
  StageOverride,
} from './types.js';
import { postWebhook, type RollbackNotice } from './webhook.js';

/** How shadow work runs, off the caller's path. */
export interface ShadowOptions {
  /** Longest a mirrored journey is followed, from the primary's start until both sides have ended, ms. @default 600000 */
  timeoutMs?: number;
  /** Most journeys mirrored at once; a sampled journey beyond it is not mirrored, and counted. @default 1000 */
  queueSize?: number;
  /**
   * How often a mirrored journey polls both sides, ms. The primary, whose caller polls it too, is read only once the
   * shadow waits or has ended, only while the caller does not poll it, and less and less often (up to 16 times
   * this). @default 1000
   */
  pollIntervalMs?: number;
  /**
   * How long the caller's calls through this cutover must have left a gap before a shadow call goes out, ms; a shadow
   * call waits at most `pollIntervalMs` for one, since steady traffic leaves none. The shadow's work then falls
   * between the caller's calls rather than beside them. 0 sends each shadow call as soon as it is due. @default 2
   */
  quietMs?: number;
  /**
   * Runs the shadow's calls on a thread of their own, with sides built there by a module, so that their work
   * (HTTP, parsing, validation) never holds up a primary answer on this thread. @default on this thread, through `v1` and `v2`
   */
  thread?: ShadowThreadOptions;
}

/** A change of the stage new journeys of a mapping start in. */
export interface StageChange {
  readonly mapping: string;
  readonly from: Stage;
  readonly to: Stage;
  readonly reason: StageOverride['reason'];
}

/** Options of `createCutover`. */
export interface CutoverOptions {
  /** The v1 side: normally the v1 client (`contextualV1Client(createV1Client(…))`). */
  v1: V1Api | ContextualV1Api;
  /** The v2 side: normally `createV1Adapter(…)`, whose journey map maps each mapping's v1 resourceId. */
  v2: V1Api | ContextualV1Api;
  /** The journeys under cutover. Starts of any other resourceId go to v1 alone. */
  mappings: readonly CutoverMapping[];
  /** Placements, held submissions, daily caps and stage overrides. @default an in-memory store (one process) */
  store?: PairingStore;
  /**
   * Receives one record per compared pair, e.g. `createRecordPublisher(…).publish`. Its failures are counted, a
   * rejection of the promise it returns too (a record the file lost). @default none
   */
  publish?: (record: PairRecord) => unknown;
  /** Puts both normal outcomes in each record, for `learnFlowKeys`. @default false */
  recordOutcomes?: boolean;
  shadow?: ShadowOptions;
  /** Rollback thresholds of every mapping; a mapping's own `rollback` wins. @default see `RollbackRule` */
  rollback?: Partial<RollbackRule>;
  /** Told of every rollback and kill (no subject data, no instance ids), by a JSON POST. @default none */
  webhook?: { readonly url: string | URL /** @default 5000 */; readonly timeoutMs?: number };
  /** A signal or a watched file that kills mappings, besides `kill()`. @default none */
  killSwitch?: KillSwitchOptions;
  /** Where the metrics are registered, e.g. the shim's registry. @default a registry of its own */
  registry?: Registry;
  /** Rollbacks and kills at warn, failures off the caller's path at error, by error name only. @default none */
  logger?: Pick<Logger, 'warn' | 'error'>;
  /**
   * Longest a caller's call waits for the store, ms: for the stage of a start (its override, the kill switch other
   * replicas pulled) and for the placement of a later call. A read that takes longer is not waited for: the start
   * follows the last override this replica read or made, and the call goes where an unknown instance goes (v1, then
   * v2 if v1 does not know it). The read runs on and counts once it lands, so a slow store delays a kill made on
   * another replica by the starts that did not wait for it; a dead one holds it back until the store answers again.
   * Everything else of the store (the daily cap, the placement's write, held submissions) is off the caller's path.
   * @default 50
   */
  storeWaitMs?: number;
  /** How long an instance's side is remembered, ms: longer than the longest journey. @default 7 days */
  placementTtlMs?: number;
  /** Draws the bucket of a start without `context.subject.uid`, in [0, 1). @default Math.random */
  random?: () => number;
  /** The fetch the webhook is called with. @default globalThis.fetch */
  fetch?: typeof globalThis.fetch;
  /**
   * Called after a rollback, a kill or `setStage` moved a mapping, once the store has been sent the move. A throw or
   * a rejected promise is counted and logged, never thrown to a caller. @default none
   */
  onStageChange?: (change: StageChange) => unknown;
}

/** `V1Api` over a v1 and a v2 side, journey by journey, with stages, mirroring, comparison and rollback. */
export interface Cutover extends ContextualV1Api {
  /** The stage new journeys of `mapping` start in now. */
  stageOf(mapping: string): Promise<Stage>;
  /** Moves new journeys of `mapping` to `stage` (an operator's ramp); instances keep their side. */
  setStage(mapping: string, stage: Stage): Promise<void>;
  /** The names of its mappings, as `stageOf`, `setStage` and `kill` take them. */
  readonly mappings: readonly string[];
  /** The kill switch: new journeys of the named mappings (all when none is named) start on v1 alone. */
  kill(mappings?: readonly string[]): Promise<void>;
  readonly metrics: CutoverMetrics;
  /** Resolves once no mirrored journey is running (tests, benchmarks). */
  idle(): Promise<void>;
  /**
   * Stops the kill switch watchers, abandons running shadow work (no records for it; counted as skipped, reason
   * `shutdown`, and logged once per close with the count per mapping), ends the shadow thread and closes the store.
   */
  close(): Promise<void>;
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** A timestamp as `moveStage` writes it (`Date#toISOString`), or with an offset. */
const IsoTimestamp = z.iso.datetime({ offset: true });

/** One mapping as the cutover runs it. */
interface Runtime {
  readonly name: string;
  readonly config: CutoverMapping;
  readonly rule: RollbackRule;
  readonly window: EvidenceWindow;
  /** The stage the evidence in `window` was gathered in. */
  windowStage: Stage;
  rollingBack: boolean;
  /**
   * The last override made under this mapping's configured stage that this replica read or made: it holds while the
   * store is out of reach or has lost it.
   */
  override?: StageOverride;
  /**
   * The furthest back of the overrides made under another configured stage (a replica of a rolling change of the
   * cutover file) that stepped back from this one while this replica ran: it holds until this replica moves the
   * mapping itself, so that another replica's later write cannot move this one forward.
   */
  foreign?: StageOverride;
  /** The last `setStage` made on this replica: the one override allowed to move new journeys forward, here only. */
  operatorOverride?: StageOverride;
  /** How many times this replica moved the mapping: a read of the store sent before the last move is older than it. */
  moves: number;
  /** The last stored override refused (as JSON), so that it is logged once, not at every start. */
  refused?: string;
  /** The last stored override left to a configuration since changed (as JSON), logged once as well. */
  passedOver?: string;
}

/**
 * The adapter's refusals of what v1 took (register: `request.update-correction`): a change to an element a Save or
 * the prefill gave, data added after a Save that completed the task. The caller did nothing v1 refused. Known by
 * name, as a failure from the shadow thread carries its cause.
 */
const REFUSED_WHAT_V1_TOOK: ReadonlySet<string> = new Set(['ProvidedElementChangedError', 'AddedAfterSaveError']);
const refusedWhatV1Took = (error: JourneyApiError): boolean => error.cause instanceof Error && REFUSED_WHAT_V1_TOOK.has(error.cause.name);

/**
 * Counts against a side: no answer, a 5xx, an answer that could not be read (a truncated 200), a refusal v1 would
 * not have made, or anything not from the API. Refusals of a caller's request do not.
 */
const sideFailed = (error: unknown): boolean =>
  error instanceof JourneyApiError
    ? error.status === undefined || error.status >= 500 || error.status < 400 || refusedWhatV1Took(error)
    : !(error instanceof Error && error.name === 'AbortError');

/**
 * A failed call the side may have carried out all the same: anything but a refusal (4xx) of the request or a
 * failure before it was sent (no token issued, no connection made).
 */
const outcomeUnknown = (error: unknown): boolean => {
  if (error instanceof TokenEndpointError || neverSent(error)) return false;
  return !(error instanceof JourneyApiError && error.status !== undefined && error.status >= 400 && error.status < 500);
};

const isNotFound = (error: unknown): boolean => error instanceof JourneyApiError && error.status === 404;

const errorName = (error: unknown): string => (error instanceof Error ? error.name : 'Error');

const isThenable = (value: unknown): value is PromiseLike<unknown> =>
  typeof value === 'object' && value !== null && typeof (value as { then?: unknown }).then === 'function';

/** What a read of the store answers a caller that did not wait for it. */
const LATE = Symbol('late');

/** What `placementOf` answers when the store failed the read: unlike an absent placement, it says nothing. */
const UNREAD = Symbol('unread');

/**
 * What `promise` settles with, or `LATE` once `ms` have passed without it: a caller does not wait longer for the
 * store. The promise runs on (it must never reject).
 */
function within<T>(promise: Promise<T>, ms: number): Promise<T | typeof LATE> {
  const late = new Promise<typeof LATE>((resolve) => {
    // Never what keeps a process alive: a closed cutover's last wait ends with it.
    const timer = setTimeout(() => resolve(LATE), ms).unref();
    const stop = () => clearTimeout(timer);
    promise.then(stop, stop);
  });
  return Promise.race([promise, late]);
}

/** The start as it goes on the wire (functions dropped, as JSON drops them); `undefined` when JSON cannot write it. */
function wireCopy(request: V1StartRequest): V1StartRequest | undefined {
  try {
    return JSON.parse(JSON.stringify(request)) as V1StartRequest;
  } catch {
    return undefined;
  }
}

/** The instance an adapter's taskId names; `undefined` for a v1 taskId, which names none. */
function instanceOfAdapterTask(taskId: string): string | undefined {
  try {
    return decodeTaskId(taskId).instanceId;
  } catch {
    return undefined;
  }
}

/**
 * The side-by-side cutover as a `V1Api`. Each mapped journey starts on the side its mapping's stage says and
 * stays there for its whole life (`sticky`); a sampled share also runs on the other side, off the caller's path,
 * fed the primary's submissions, and the two outcomes are compared and published. The caller gets the primary's
 * answers exactly as they are: shadow, comparator and publisher failures are counted and logged by error name,
 * never thrown. A mapping whose consistency or error rate crosses its thresholds steps back one stage for new
 * journeys, at once.
 */
export function createCutover(given: CutoverOptions): Cutover {
  const options = parseCutoverOptions(given);
  const {
    v1,
    v2,
    store = createMemoryStore(),
    publish,
    recordOutcomes = false,
    logger,
    placementTtlMs = 7 * DAY_MS,
    storeWaitMs = 50,
    random = Math.random,
    fetch = globalThis.fetch,
    onStageChange,
    webhook,
  } = options;
  const { timeoutMs = 600_000, queueSize = 1000, pollIntervalMs = 1000, quietMs = 2 } = options.shadow ?? {};
  const sides: Record<Side, V1Api | ContextualV1Api> = { v1, v2 };
  const closing = new AbortController();
  /** Overrides another configuration made before this, ms since the epoch, are that configuration's, now changed. */
  const startedAt = Date.now();
  // Every running shadow listens for the close: as many listeners as the queue admits are expected, not a leak.
  setMaxListeners(2 * queueSize + 10, closing.signal);

  const runtimes = new Map<string, Runtime>();
  const byV1 = new Map<string, Runtime>();
  for (const config of options.mappings) {
    const name = config.name ?? config.v1;
    if (runtimes.has(name)) throw new CutoverOptionsError(`two mappings are named ${JSON.stringify(name)}`);
    const rule = { ...DEFAULT_ROLLBACK, ...options.rollback, ...config.rollback };
    const runtime: Runtime = {
      name,
      config,
      rule,
      window: new EvidenceWindow(rule.window),
      windowStage: config.stage,
      rollingBack: false,
      moves: 0,
    };
    // `id` and `id@latest` are one journey: two mappings of it would route its starts by whichever came last.
    const id = config.v1.endsWith('@latest') ? bareId(config.v1) : config.v1;
    const other = byV1.get(id) ?? byV1.get(`${id}@latest`);
    if (other)
      throw new CutoverOptionsError(
        `mappings ${JSON.stringify(other.name)} and ${JSON.stringify(name)} both map the v1 resourceId ${JSON.stringify(id)}`,
      );
    runtimes.set(name, runtime);
    byV1.set(config.v1, runtime);
  }
  // Registered once every option is known good: a refused configuration leaves the registry as it found it.
  const metrics = new CutoverMetrics(options.registry ?? new Registry(), async () => {
    // Waited for whole: a scrape has no caller waiting on it (and map's index is no wait bound).
    await Promise.all([...runtimes.values()].map((runtime) => currentStage(runtime)));
  });
  for (const runtime of runtimes.values()) {
    metrics.setStage(runtime.name, runtime.config.stage);
    metrics.setWindow(runtime.name, runtime.window);
  }
  /** The mapping a start names; none when its resourceId is missing or not a string, which v1 refuses as it always did. */
  const mappingFor = (resourceId: unknown) =>
    typeof resourceId === 'string' ? (byV1.get(resourceId) ?? byV1.get(bareId(resourceId))) : undefined;
  const runtimeNamed = (name: string): Runtime => {
    const runtime = runtimes.get(name);
    if (!runtime)
      throw new CutoverOptionsError(`no mapping is named ${JSON.stringify(name)}: the mappings are ${[...runtimes.keys()].join(', ')}`);
    return runtime;
  };

  /**
   * Counts and logs a failure kept off the caller's path, by error name only; a store's (Redis's errors are all
   * named `Error`) as one, with its code or a few words of why (`storeFailureReason`).
   */
  function failed(mapping: string, part: FailurePart, error: unknown): void {
    metrics.failures.inc({ mapping, part });
    if (part === 'store' || part === 'hold')
      logger?.error('cutover: store failure kept off the caller’s path', {
        mapping,
        part,
        error: errorName(error),
        reason: storeFailureReason(error),
      });
    else if (part === 'hook') logger?.error('cutover: onStageChange threw; the move stands', { mapping, error: errorName(error) });
    else logger?.error('cutover: shadow-side failure kept off the caller’s path', { mapping, part, error: errorName(error) });
  }
  const skipped = (mapping: string, reason: SkipReason) => metrics.skipped.inc({ mapping, reason });
  /** Starts whose daily cap is being asked, off the caller's path: their mirrors are not offered yet. */
  const admissions = new Set<Promise<void>>();
  /** Mirrored journeys abandoned by `close`, by mapping: served, never compared. */
  const abandoned = new Map<string, number>();

  /** Set once `close` closes the store: nothing more is sent to it. */
  let storeClosed = false;
  /** Store calls made through `offPath` and not settled yet: `close` waits for them before it closes the store. */
  const storeWork = new Set<Promise<unknown>>();

  /**
   * Calls the store off the caller's path. A custom store that throws instead of rejecting fails the call like a
   * rejection (a throw must neither reach a caller whose answer is made nor go unhandled), and once `close` has
   * closed the store nothing more is sent to it: the call rejects.
   */
  function offPath<T>(call: () => Promise<T>): Promise<T> {
    if (storeClosed) return Promise.reject(new Error('the cutover is closed'));
    let sent: Promise<T>;
    try {
      sent = Promise.resolve(call());
    } catch (error) {
      sent = Promise.reject(error);
    }
    storeWork.add(sent);
    const settled = () => storeWork.delete(sent);
    sent.then(settled, settled);
    return sent;
  }

  const queue = createShadowQueue(queueSize, (error) => failed('unknown', 'shadow', error));
  const traffic = createPrimaryTraffic(quietMs, pollIntervalMs);
  /** Mirrors running here, by primary instance, told each state its caller fetches. */
  const primaryWatchers = new Map<string, (state: V1State) => void>();
  const thread = options.shadow?.thread && startShadowThread(options.shadow.thread, (error) => failed('unknown', 'shadow', error));
  /** What the shadow's calls go through: the thread's sides, else the caller's. */
  const shadowSides = thread?.sides ?? sides;

  // ---- stages -----------------------------------------------------------------------------------------------

  /**
   * The stage new journeys start in: the furthest back of the configured stage, the override made under it that this
   * replica knows, and one another replica's configuration made since this replica started (`foreign`). With `waitMs`
   * (a caller's start), the stored override is waited for that long at most; a later answer still counts, for the
   * starts after it.
   */
  async function currentStage(runtime: Runtime, waitMs?: number): Promise<Stage> {
    // The stage as the read left it, taken when it lands: a move made meanwhile is the next start's.
    const read = readOverride(runtime).then(() => stageHere(runtime));
    const answered = waitMs === undefined ? await read : await within(read, waitMs);
    const stage = answered === LATE ? stageHere(runtime) : answered;
    if (!sameStage(stage, runtime.windowStage)) enterStage(runtime, stage);
    return stage;
  }

  /** Starts the window over for `stage`: evidence from one stage says nothing about the next. */
  function enterStage(runtime: Runtime, stage: Stage): void {
    runtime.windowStage = stage;
    runtime.window.clear();
    metrics.setStage(runtime.name, stage);
    metrics.setWindow(runtime.name, runtime.window);
  }

  const stageHere = (runtime: Runtime): Stage => inForce(runtime)?.stage ?? runtime.config.stage;

  /** Takes in the stored override of `runtime`; never rejects. */
  async function readOverride(runtime: Runtime): Promise<void> {
    // Out of reach, the store says nothing: the last overrides known here hold (a kill errs towards v1).
    const moves = runtime.moves;
    try {
      const stored = await store.overrideOf(runtime.name);
      // Sent before this replica moved the mapping (a read a start did not wait for, landing late): it says nothing
      // the move did not supersede, and must not lift a kill made meanwhile.
      if (runtime.moves !== moves) return;
      if (stored !== undefined) {
        const override = readStoredOverride(stored);
        if (override) take(runtime, override);
        else unreadable(runtime, stored);
      } else {
        const held = inForce(runtime);
        // Nothing removes an override while a cutover runs: one gone is a store that lost its data (a Redis that
        // restarted empty), and the kill or rollback it held must not lapse. It is written back for the others.
        if (held) store.setOverride(runtime.name, held).catch((error) => failed(runtime.name, 'store', error));
      }
    } catch (error) {
      failed(runtime.name, 'store', error);
    }
  }

  /** Logs, once for each value, a stored override that is not one; never quoted, since anyone may have written it. */
  function unreadable(runtime: Runtime, stored: unknown): void {
    const seen = JSON.stringify(stored) ?? String(stored);
    if (runtime.refused === seen) return;
    runtime.refused = seen;
    logger?.error('cutover: a stored stage override that is not one is ignored', {
      mapping: runtime.name,
      configured: describeStage(runtime.config.stage),
    });
  }

  /** The override new journeys follow here: the foreign one when it is further back than this replica's own. */
  function inForce(runtime: Runtime): StageOverride | undefined {
    const { override, foreign } = runtime;
    return foreign && isBackFrom(foreign.stage, override?.stage ?? runtime.config.stage) ? foreign : override;
  }

  /**
   * Takes in a stored override as `adopt` allows, and says so when it changes the stage new journeys start in here:
   * moved by another replica, or by a kill or rollback made before this one started.
   */
  function take(runtime: Runtime, stored: StageOverride): void {
    const before = stageHere(runtime);
    adopt(runtime, stored);
    const after = stageHere(runtime);
    // Said once, for the operator who asks why this replica starts journeys where it does; counted only where made.
    if (!sameStage(before, after))
      logger?.warn('cutover: new journeys follow a stage override from the store', {
        mapping: runtime.name,
        from: describeStage(before),
        to: describeStage(after),
        reason: stored.reason,
        // Anyone who can write to the store could put anything in `at` that a date parser reads past: only a timestamp.
        ...(IsoTimestamp.safeParse(stored.at).success && { at: stored.at }),
      });
  }

  /**
   * Takes in a stored override as this replica may apply it. Anyone who can write to the shared store could write
   * one, so it may only step new journeys back from the configured stage (a rollback, a kill), never forward, unless
   * it is the `setStage` made on this replica; one that moves forward is refused and logged, and what is known here
   * holds. One made under this configured stage replaces the one known here (the last one holds). One made under
   * another (replicas of a rolling change of the cutover file share the mapping's one stored override) never replaces
   * it, so it cannot lift this replica's own kill; it applies too when made since this replica started (one from
   * before is a configuration's that has since been changed, and the change moves on).
   */
  function adopt(runtime: Runtime, stored: StageOverride): void {
    const made = runtime.operatorOverride;
    const ownMade = made !== undefined && sameOverride(stored, made);
    if (!ownMade && !(isBackFrom(stored.stage, stored.from) && isBackFrom(stored.stage, runtime.config.stage))) {
      const seen = JSON.stringify(stored);
      if (runtime.refused !== seen) {
        runtime.refused = seen;
        logger?.error('cutover: a stored stage override that does not step back from the configured stage is ignored', {
          mapping: runtime.name,
          configured: describeStage(runtime.config.stage),
          override: describeStage(stored.stage),
        });
      }
      return;
    }
    if (sameStage(stored.from, runtime.config.stage)) runtime.override = stored;
    else if (Date.parse(stored.at) > startedAt) {
      if (!runtime.foreign || isBackFrom(stored.stage, runtime.foreign.stage)) runtime.foreign = stored;
    } else if (runtime.passedOver !== JSON.stringify(stored)) {
      // The documented rule, but an operator who killed the mapping must be able to see that this replica does not follow it.
      runtime.passedOver = JSON.stringify(stored);
      logger?.warn('cutover: a stored stage override made under a configured stage since changed is not followed', {
        mapping: runtime.name,
        configured: describeStage(runtime.config.stage),
        override: describeStage(stored.stage),
        madeUnder: describeStage(stored.from),
        reason: stored.reason,
      });
    }
  }

  function evidence(runtime: Runtime): RollbackNotice['evidence'] {
    const { rate, pairs } = runtime.window.consistency();
    return { consistency: rate, pairs, errorRate: { v1: runtime.window.errorRate('v1').rate, v2: runtime.window.errorRate('v2').rate } };
  }

  async function moveStage(runtime: Runtime, to: Stage, reason: StageOverride['reason'], why: RollbackNotice['reason'] | undefined) {
    const from = runtime.windowStage;
    // Written all the same when the stage here does not change (a kill on a replica at v1, for the others), but
    // nothing moved here: no notice, no hook, and the window keeps its evidence.
    const moved = !sameStage(from, to);
    const notice = why &&
      moved && {
        mapping: runtime.name,
        from: describeStage(from),
        to: describeStage(to),
        reason: why,
        evidence: evidence(runtime),
      };
    const override: StageOverride = { stage: to, from: runtime.config.stage, reason, at: new Date().toISOString() };
    // Held here first: a store out of reach must not stop a kill or a rollback on this replica.
    runtime.override = override;
    runtime.moves += 1;
    // This replica's own move (from the stage in force here) supersedes another configuration's override it followed.
    runtime.foreign = undefined;
    if (reason === 'operator') runtime.operatorOverride = override;
    if (moved) enterStage(runtime, to);
    if (notice) {
      metrics.rollbacks.inc({ mapping: runtime.name, reason: why });
      logger?.warn('cutover: new journeys moved back', notice);
      if (webhook) {
        postWebhook(webhook.url, { ...notice, at: new Date().toISOString() }, fetch, webhook.timeoutMs ?? 5000).catch((error) =>
          failed(runtime.name, 'webhook', error),
        );
      }
    }
    // Other replicas learn of it through the store, told before the hook runs so that no hook can hold it back; a
    // failure to tell them is the caller's to report.
    const shared = offPath(() => store.setOverride(runtime.name, override));
    try {
      // An async hook's rejection is its throw: never left unhandled, where it would end the process.
      const returned: unknown = moved ? onStageChange?.({ mapping: runtime.name, from, to, reason }) : undefined;
      if (isThenable(returned)) returned.then(undefined, (error: unknown) => failed(runtime.name, 'hook', error));
    } catch (error) {
      failed(runtime.name, 'hook', error);
    }
    await shared;
  }

  /** Steps back one stage when the window breaches the mapping's thresholds. */
  function checkRollback(runtime: Runtime): void {
    const stage = runtime.windowStage;
    if (runtime.rollingBack || !isComparedStage(stage)) return;
    const breach = runtime.window.breach(runtime.rule);
    if (!breach) return;
    runtime.rollingBack = true;
    // Another replica may have moved the mapping already: step back only from the stage the evidence is about.
    currentStage(runtime)
      .then((current) =>
        sameStage(current, stage) ? moveStage(runtime, previousStage(stage, runtime.rule.shadowSample), 'rollback', breach) : undefined,
      )
      .catch((error) => failed(runtime.name, 'store', error))
      .finally(() => {
        runtime.rollingBack = false;
      });
  }

  // ---- calls --------------------------------------------------------------------------------------------------

  /**
   * Runs one call of `side` for a mapped journey started in `stage` (its kind alone when its placement gives no
   * more), timing it and counting it in the metrics and, while that stage is in force here, the window.
   */
  async function observe<T>(
    runtime: Runtime,
    stage: Stage | Stage['kind'],
    side: Side,
    operation: string,
    call: () => Promise<T>,
  ): Promise<T> {
    const started = performance.now();
    let failure: boolean | undefined = false;
    try {
      return await call();
    } catch (error) {
      // The shadow thread could not make the call: the side was never asked, so the call is not counted at all.
      if (error instanceof ShadowThreadError) {
        failure = undefined;
        throw error;
      }
      failure = sideFailed(error);
      throw error;
    } finally {
      if (failure !== undefined) count(runtime, stage, side, operation, (performance.now() - started) / 1000, failure);
    }
  }

  /** One call of a side in the metrics and, when its journey started in the window's stage, the rollback window. */
  function count(runtime: Runtime, stage: Stage | Stage['kind'], side: Side, operation: string, seconds: number, failure: boolean): void {
    const kind = typeof stage === 'string' ? stage : stage.kind;
    metrics.call(runtime.name, kind, side, operation, seconds, failure);
    // A journey started before the stage moved (in flight through a rollback) says nothing about the new stage.
    if (typeof stage === 'string' ? kind !== runtime.windowStage.kind : !sameStage(stage, runtime.windowStage)) return;
    // State reads are no evidence either way: a caller polling a stuck journey every second would outweigh the calls
    // that move journeys and thin their failures out, and counting only the failed reads would bias the rate. The
    // adapter's task lists and updates read v2's state themselves, so an outage of it still shows.
    if (operation === 'fetchState') return;
    runtime.window.addCall(side, failure);
    metrics.setWindow(runtime.name, runtime.window);
    checkRollback(runtime);
  }

  /** Compares both ends, counts the pair and publishes its record. */
  function recordPair(runtime: Runtime, stage: Stage, job: MirrorJob, ends: MirrorEnds) {
    let record: PairRecord;
    try {
      record = pairRecordOf({ mapping: runtime.name, stage, job, config: runtime.config, withOutcomes: recordOutcomes }, ends);
    } catch (error) {
      failed(runtime.name, 'compare', error);
      return;
    }
    metrics.pair(runtime.name, stage, record.result);
    if (sameStage(stage, runtime.windowStage)) {
      runtime.window.addPair(record.result);
      metrics.setWindow(runtime.name, runtime.window);
      checkRollback(runtime);
    }
    try {
      const published = publish?.(record);
      if (published instanceof Promise) published.catch((error: unknown) => failed(runtime.name, 'publish', error));
    } catch (error) {
      failed(runtime.name, 'publish', error);
    }
  }

  /** Mirrors one journey with the caller's token (never its signal: the caller is gone by then). */
  async function mirror(runtime: Runtime, stage: Stage, job: MirrorJob, token: string | undefined): Promise<void> {
    const signal = AbortSignal.any([closing.signal, AbortSignal.timeout(timeoutMs)]);
    const context: CallContext = { ...(token && { token }), signal };
    const apis = { v1: bound(shadowSides.v1, context), v2: bound(shadowSides.v2, context) };
    let seen: { readonly state: V1State; readonly at: number } | undefined;
    primaryWatchers.set(job.primaryInstanceId, (state) => {
      seen = { state, at: performance.now() };
    });
    let mirrored: MirrorEnds;
    try {
      mirrored = await mirrorJourney(job, {
        apis,
        store,
        timeoutMs,
        pollIntervalMs,
        signal: closing.signal,
        observe: async (side, operation, call) => {
          await traffic.quiet();
          return observe(runtime, stage, side, operation, call);
        },
        onStoreFailure: (error) => failed(runtime.name, 'store', error),
        seenPrimary: () => seen,
        pendingHold: () => holding.get(job.primaryInstanceId),
      });
    } finally {
      primaryWatchers.delete(job.primaryInstanceId);
      // A stop must be quick, so the comparison is dropped; but a pair that goes missing at every deploy is counted.
      if (closing.signal.aborted) {
        abandoned.set(runtime.name, (abandoned.get(runtime.name) ?? 0) + 1);
        skipped(runtime.name, 'shutdown');
      }
    }
    if (closing.signal.aborted) return;
    recordPair(runtime, stage, job, mirrored);
  }

  /** Whether a sampled journey of `runtime` is mirrored as far as the daily cap says. */
  async function underDailyCap(runtime: Runtime): Promise<boolean> {
    try {
      const day = new Date().toISOString().slice(0, 10);
      if ((await offPath(() => store.increment(`daily:${runtime.name}:${day}`, 2 * DAY_MS))) > (runtime.config.dailyCap ?? 1000)) {
        skipped(runtime.name, 'daily-cap');
        return false;
      }
    } catch (error) {
      failed(runtime.name, 'store', error);
      skipped(runtime.name, 'store');
      return false;
    }
    return true;
  }

  /** The holds running here, by instance: a later submission waits for an earlier one, so a retried one keeps its place. */
  const holding = new Map<string, Promise<void>>();

  /**
   * Holds a submission for the shadow, off the caller's path. A hold the store fails is tried again (`retried`), less
   * and less often, until the shadow timeout (its TTL) has passed or the cutover closes: a store that was out of reach
   * for a moment must not lose the shadow's data, which would leave it waiting for a submission that never comes.
   * Counted as a failure only once given up. The answer never rejects.
   */
  function hold(mapping: string, instanceId: string, submission: HeldSubmission, retried = true): Promise<void> {
    const deadline = performance.now() + timeoutMs;
    const attempts = async () => {
      for (let wait = pollIntervalMs; ; wait = Math.min(2 * wait, 16 * pollIntervalMs)) {
        try {
          return await offPath(() => store.hold(instanceId, submission, timeoutMs));
        } catch (error) {
          if (!retried || closing.signal.aborted || performance.now() + wait >= deadline) throw error;
          await sleep(wait, undefined, { signal: closing.signal, ref: false }).catch(() => {
            throw error;
          });
        }
      }
    };
    // The first attempt at once, as the caller's call returns: the store copies the submission before it can change.
    const previous = holding.get(instanceId);
    const held = (previous ? previous.then(attempts) : attempts())
      .catch((error) => failed(mapping, 'hold', error))
      .finally(() => {
        if (holding.get(instanceId) === held) holding.delete(instanceId);
      });
    holding.set(instanceId, held);
    return held;
  }

  /**
   * Where an instance is served: `undefined` for one the store does not know (before the cutover, past the TTL, a
   * write not landed yet), `UNREAD` when the store failed the read. A call goes where an unknown instance goes for
   * both; only what is let go of differs. Never rejects.
   */
  async function placementOf(instanceId: string): Promise<Placement | undefined | typeof UNREAD> {
    try {
      return await offPath(() => store.placementOf(instanceId));
    } catch (error) {
      failed('unknown', 'store', error);
      return UNREAD;
    }
  }

  /**
   * Runs a call of an existing instance on its side; an unknown one goes to v1, then to v2 if v1 does not know it
   * (`v2First`: the other way round, for a call that names something only the adapter makes). The placement is
   * waited for `storeWaitMs` at most: one later than that is unknown to the call (`late`), and `call` is given the
   * stored one, whenever it lands, for the shadow's part.
   */
  async function routed<T>(
    instanceId: string | undefined,
    context: CallContext | undefined,
    operation: keyof V1Api,
    call: (api: V1Api, stored: Promise<Placement | undefined | typeof UNREAD>, late: boolean) => Promise<T>,
    v2First = false,
  ): Promise<T> {
    const stored = instanceId === undefined ? Promise.resolve(undefined) : placementOf(instanceId);
    const answered = await within(stored, storeWaitMs);
    const late = answered === LATE;
    const placement = late || answered === UNREAD ? undefined : answered;
    const runtime = placement && runtimes.get(placement.mapping);
    if (placement && runtime)
      return observe(runtime, placement.startedIn ?? placement.stage, placement.side, operation, () =>
        call(bound(sides[placement.side], context), stored, late),
      );
    if (placement) return call(bound(sides[placement.side], context), stored, late);
    const [first, then] = v2First ? [v2, v1] : [v1, v2];
    try {
      return await call(bound(first, context), stored, late);
    } catch (error) {
      // The first side's 404 is the caller's answer unless the other side knows the instance: only then is the
      // call (and any data it carries) sent there. A task id that names no instance is the first side's alone.
      if (!isNotFound(error) || instanceId === undefined) throw error;
      const other = bound(then, context);
      try {
        if (operation !== 'fetchState') await other.fetchState({ instanceId });
      } catch (probeError) {
        // Neither side knows it: the first side's answer, as it gave it. Any other failure leaves it unknown
        // whether the other side does, and that failure (a 503, a timeout: retryable) is the answer, not a 404.
        throw isNotFound(probeError) ? error : probeError;
      }
      try {
        return await call(other, stored, late);
      } catch (otherError) {
        // A read of an instance neither side has: the first side's answer, as it gave it.
        if (operation === 'fetchState' && isNotFound(otherError)) throw error;
        throw otherError;
      }
    }
  }

  /** The operations for one served request's context (or none), each counted as the caller's traffic. */
  function operations(context: CallContext | undefined): V1Api {
    const api = routes(context);
    return {
      startJourney: (request) => traffic.during(() => api.startJourney(request)),
      listTasks: (request) => traffic.during(() => api.listTasks(request)),
      listTasksWithSchema: (request) => traffic.during(() => api.listTasksWithSchema(request)),
      getTaskSchema: (request) => traffic.during(() => api.getTaskSchema(request)),
      updateTask: (request) => traffic.during(() => api.updateTask(request)),
      fetchState: (request) => traffic.during(() => api.fetchState(request)),
    };
  }

  /** Where each of the caller's calls goes, for one served request's context (or none). */
  function routes(context: CallContext | undefined): V1Api {
    return {
      async startJourney(request) {
        const runtime = mappingFor(request.resourceId);
        if (!runtime) return bound(v1, context).startJourney(request);
        // A kill file there at start holds from the first start: none goes by the configured stage before it is read.
        await killSwitchStarted;
        // Only the stage is the caller's to wait for, and only so long: the rest is the shadow's, after the answer.
        const stage = await currentStage(runtime, storeWaitMs);
        const uid = request.context?.subject?.uid;
        const plan = planStart(stage, typeof uid === 'string' && uid !== '' ? stableBucket(runtime.name, uid) : random());
        // Copied before the primary is called: a caller reusing its request object meanwhile must not change the
        // shadow's prefill, and a request that cannot be copied must not fail a start the primary made.
        const start = plan.sampled ? wireCopy(request) : undefined;
        const startedAt = performance.now();
        const answer = await observe(runtime, stage, plan.primary, 'startJourney', () =>
          bound(sides[plan.primary], context).startJourney(request),
        );
        if (plan.sampled && !start) skipped(runtime.name, 'unwritable-start');
        const queued = start !== undefined && queue.pending < queueSize;
        if (start && !queued) skipped(runtime.name, 'queue-full');
        // Written before the answer goes back, so that a call for the instance (on any replica) finds it once the
        // store has it, but not waited for: until it lands, the instance is unknown and goes where unknown ones go,
        // which finds it on either side. A mirror not admitted after all is written again, unmirrored: submissions
        // held for it meanwhile expire with their TTL.
        const place = (mirrored: boolean) =>
          offPath(() =>
            store.place(
              answer.instanceId,
              { side: plan.primary, mapping: runtime.name, stage: stage.kind, startedIn: stage, mirrored },
              placementTtlMs,
            ),
          ).catch((error: unknown) => failed(runtime.name, 'store', error));
        place(queued);
        if (start && queued) {
          const { shadowOn = 'production' } = runtime.config;
          const job: MirrorJob = {
            primary: plan.primary,
            primaryInstanceId: answer.instanceId,
            start,
            shadowResourceId: shadowOn === 'production' ? request.resourceId : shadowOn.preview,
            startedAt,
          };
          const admitting = underDailyCap(runtime).then(async (admitted) => {
            // Closed meanwhile: served, never compared, as `close` counts (and logs: it waits for admissions) a
            // mirror it abandons.
            if (admitted && closing.signal.aborted) {
              abandoned.set(runtime.name, (abandoned.get(runtime.name) ?? 0) + 1);
              skipped(runtime.name, 'shutdown');
            }
            // What escapes the mirror (a side whose binding throws, a bug) is the mapping's failure, counted and logged by name.
            const mirrorOf = () =>
              mirror(runtime, stage, job, context?.token).catch((error: unknown) => failed(runtime.name, 'shadow', error));
            const mirrored = admitted && !closing.signal.aborted && queue.offer(mirrorOf);
            if (admitted && !closing.signal.aborted && !mirrored) skipped(runtime.name, 'queue-full');
            if (!mirrored) await place(false);
          });
          admissions.add(admitting);
          admitting.finally(() => admissions.delete(admitting));
        }
        return answer;
      },
      listTasks: (request) => routed(request.instanceId, context, 'listTasks', (api) => api.listTasks(request)),
      listTasksWithSchema: (request) =>
        routed(request.instanceId, context, 'listTasksWithSchema', (api) => api.listTasksWithSchema(request)),
      getTaskSchema(request) {
        // An adapter's taskId names its instance; a v1 taskId does not, and is v1's.
        return routed(instanceOfAdapterTask(request.taskId), context, 'getTaskSchema', (api) => api.getTaskSchema(request));
      },
      updateTask: (request) =>
        routed(
          request.instanceId,
          context,
          'updateTask',
          async (api, stored, late) => {
            const intent = String(request.intent).toLowerCase();
            // A request without a subject has nothing to hold (a caller that skips the v1 client's types may send one).
            const subject = request.context?.subject as Record<string, unknown> | undefined;
            const holds = intent !== 'validate' && typeof subject === 'object' && subject !== null;
            const submission = (uncertain: boolean): HeldSubmission => ({
              subject: subject ?? {},
              draft: intent === 'save',
              taskId: request.taskId,
              ...(uncertain && { uncertain }),
            });
            let answer: Awaited<ReturnType<V1Api['updateTask']>>;
            try {
              answer = await api.updateTask(request);
            } catch (error) {
              if (holds && outcomeUnknown(error)) heldForShadow(request.instanceId, stored, late, submission(true));
              throw error;
            }
            if (holds) heldForShadow(request.instanceId, stored, late, submission(false));
            return answer;
          },
          // A task the adapter made is v2's: an instance the store forgot must not send its subject to v1 first. An
          // update that names no instance names no such task (both undefined): it goes where an unknown one goes.
          request.instanceId !== undefined && instanceOfAdapterTask(request.taskId) === request.instanceId,
        ),
      fetchState: (request) =>
        routed(request.instanceId, context, 'fetchState', async (api) => {
          const state = await api.fetchState(request);
          // A mirror of this journey takes the caller's answer instead of asking the primary too (a copy of an end
          // it compares: the caller's object is the caller's).
          primaryWatchers.get(request.instanceId)?.(isTerminalStatus(state.status) ? structuredClone(state) : state);
          return state;
        }),
    };

    /** Holds a submission of the caller for the shadow, off the caller's path: the shadow takes it when its own tasks ask. */
    function heldForShadow(
      instanceId: string,
      stored: Promise<Placement | undefined | typeof UNREAD>,
      late: boolean,
      submission: HeldSubmission,
    ): void {
      if (!late) {
        stored.then((placement) => {
          if (placement !== UNREAD && placement?.mirrored) hold(placement.mapping, instanceId, submission);
        });
        return;
      }
      // The placement came too late to tell: held anyway, before the caller's next call as when the store
      // answers (a mirror ends once its primary has and nothing more is held), and let go again once the
      // placement, read, says no shadow takes it. A read that failed or found none says nothing (the write may
      // not have landed): what was held expires with its TTL. Tried once: under a hung store every late call
      // makes such a hold, mostly of journeys no shadow takes, and retries would keep each for the TTL here.
      const held = hold('unknown', instanceId, submission, false);
      stored.then(async (placement) => {
        if (placement === UNREAD || placement?.mirrored !== false) return;
        // After the hold: taken before it, the submission would be held again for no one.
        await held;
        await offPath(() => store.take(instanceId)).catch((error) => failed(placement.mapping, 'store', error));
      });
    }
  }

  const killSwitch = options.killSwitch
    ? watchKillSwitch(
        options.killSwitch,
        (names) => {
          // A name typed wrong under pressure must not cancel the rest: the others are killed, and a file naming no
          // mapping at all kills every one, since a kill switch errs towards v1.
          // Counted, never quoted: a kill file pointed at the wrong file may hold anything on any line, a secret included.
          const unknown = names.filter((name) => !runtimes.has(name)).length;
          const known = names.filter((name) => runtimes.has(name));
          if (unknown > 0)
            logger?.error('cutover: the kill switch names mappings this cutover does not have; killing the others', {
              unknown,
              killing: known.length > 0 ? [...new Set(known)] : [...runtimes.keys()],
              mappings: [...runtimes.keys()],
            });
          // Answers once killed here: a start waits for the file's first read, not for the other replicas to be told.
          const here = killHere(known);
          here.then(settled).catch((error) => failed('unknown', 'store', error));
          return here;
        },
        (error) =>
          logger?.error('cutover: the kill file is there but cannot be read; killing every mapping', {
            file: options.killSwitch?.file,
            code: error.code,
          }),
      )
    : undefined;
  /**
   * Settles once the kill file's first read has acted, or a second after the start: a file system that does not
   * answer holds no start longer than that, and only once.
   */
  const killSwitchStarted = killSwitch && within(killSwitch.started, 1000);

  /**
   * Kills the named mappings (all when none is named) on this replica (`moveStage` acts before it writes): at once
   * where its own stage is not v1, else as soon as the store has said whether it still is; answers the store writes
   * that tell the other replicas.
   */
  async function killHere(names: readonly string[]): Promise<Promise<void>[]> {
    const targets = names.length === 0 ? [...runtimes.values()] : names.flatMap((name) => runtimes.get(name) ?? []);
    const told: Promise<void>[] = [];
    const held: string[] = [];
    const killOne = (runtime: Runtime) => {
      const move = moveStage(runtime, { kind: 'v1' }, 'kill', 'kill');
      // Handled now: it may fail before `settled` looks at it.
      move.catch(() => {});
      told.push(move);
    };
    // At once where this replica's own stage is not v1. Where it is, the kill is still written for the others unless
    // the store already holds a move to v1: another replica may run the mapping past v1 (by its configured stage, or
    // an override this one does not follow), and a read that fails or does not land within `storeWaitMs` says
    // nothing. All read together.
    const stillV1 = targets.filter((runtime) => stageHere(runtime).kind === 'v1');
    for (const runtime of targets) if (!stillV1.includes(runtime)) killOne(runtime);
    await Promise.all(
      stillV1.map(async (runtime) => {
        const stored = await within(
          store.overrideOf(runtime.name).then(
            (override) => override?.stage,
            (): typeof LATE => LATE,
          ),
          storeWaitMs,
        );
        if (stored === LATE || stored?.kind !== 'v1') killOne(runtime);
        else held.push(runtime.name);
      }),
    );
    // Nothing moved for these (a kill already followed here): said all the same, so that a kill file at a restart
    // is seen to hold, whichever read came first.
    if (held.length > 0) logger?.warn('cutover: a kill names mappings already held at v1 here and in the store', { mappings: held });
    return told;
  }

  /** The first failure to tell the other replicas of a kill, if any: every mapping is killed here all the same. */
  async function settled(told: Promise<void>[]): Promise<void> {
    const results = await Promise.allSettled(told);
    const failure = results.find((result) => result.status === 'rejected');
    if (failure) throw failure.reason;
  }

  async function kill(names: readonly string[] = []): Promise<void> {
    // A name typed wrong under pressure must not cancel the rest: the others are killed first, then it is refused.
    const unknown = names.filter((name) => !runtimes.has(name));
    await settled(await killHere(names));
    if (unknown.length > 0)
      throw new CutoverOptionsError(
        `no mapping is named ${unknown.map((name) => JSON.stringify(name)).join(', ')}${unknown.length < names.length ? ' (the others named were killed)' : ''}: the mappings are ${[...runtimes.keys()].join(', ')}`,
      );
  }

  return {
    ...operations(undefined),
    withContext: operations,
    metrics,
    mappings: [...runtimes.keys()],
    stageOf: async (name) => currentStage(runtimeNamed(name)),
    async setStage(name, given) {
      const runtime = runtimeNamed(name);
      const stage = parseStage(name, given);
      await currentStage(runtime);
      await moveStage(runtime, stage, 'operator', undefined);
    },
    kill,
    async idle() {
      await Promise.all(admissions);
      await queue.idle();
    },
    async close() {
      killSwitch?.stop();
      closing.abort();
      await queue.idle();
      // Admissions (counted in the log below when abandoned), holds (no longer retried) and the store calls under
      // way settle first: nothing is sent to the store once it is closed.
      while (admissions.size + holding.size + storeWork.size > 0)
        await Promise.allSettled([...admissions, ...holding.values(), ...storeWork]);
      if (abandoned.size > 0)
        logger?.warn('cutover: closed with mirrored journeys running: they were served, and are not compared', {
          abandoned: Object.fromEntries(abandoned),
        });
      await thread?.close();
      storeClosed = true;
      await store.close();
    },
  };
}
