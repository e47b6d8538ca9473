import type { ChangeId, V1Dialect } from '@journey-bridge/contract';
import type { IgnoreRule } from './compare.js';

/** Which API serves a journey: the v1 publication (task endpoints) or its v2 republication (through the adapter). */
export type Side = 'v1' | 'v2';

/**
 * Where a mapping stands. `v1`: v1 alone. `shadow`: v1 answers; a sampled share of new journeys also runs on v2.
 * `live`: v2 answers; v1 shadows the sampled share. `ramp`: new journeys split, `percent` on v2 alone, the rest on
 * v1 alone. `v2`: v2 alone. Stages only ever apply to new journeys: an instance keeps the side it started on.
 */
export type Stage =
  | { readonly kind: 'v1' }
  | { readonly kind: 'shadow'; readonly sample: number }
  | { readonly kind: 'live'; readonly sample: number }
  | { readonly kind: 'ramp'; readonly percent: number }
  | { readonly kind: 'v2' };

/** One comparable outcome of a whole journey, whichever side ran it: the register's normal form. */
export interface NormalOutcome {
  /** `completed`, `failed` (either failure spelling), `pending` (not terminal yet), `paused`. */
  readonly status: 'completed' | 'failed' | 'pending' | 'paused';
  /** The overall decision, in v2's words, or `undefined` when none was reached. */
  readonly decision: 'Accept' | 'Reject' | 'Manual review' | undefined;
  /** Each module's outcome by its v1 flow key (v2 step nodeIds translated through the mapping). */
  readonly modules: Readonly<Record<string, { readonly outcome: string | undefined; readonly classification: string | undefined }>>;
  /**
   * Advice fields compared as they are (`isUnder18`, match counts), by module key then field: booleans, numbers
   * and nulls only, so no subject value can travel in a record.
   */
  readonly advice: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
  /**
   * How the state spelled what the normal form reads as one value (register: `status.failure-spelling`,
   * `response.decision-wording`): two outcomes equal but for these compare as `reasonable`, not `match`.
   */
  readonly spelling: {
    /** The status as the state wrote it, e.g. `Failed`, `Error`. */
    readonly status: string;
    /** The decision entry's flow key, or `undefined` when none was reached. */
    readonly decisionKey: string | undefined;
    /** Its `result.outcome`, e.g. `Decision: Pass 1+1`. */
    readonly decisionWording: string | undefined;
  };
}

/** How a pair of journeys compared. */
export type ComparisonResult = 'match' | 'reasonable' | 'mismatch' | 'ignored' | 'error' | 'timeout';

/** One field that differs: where, both values (never subject data), and the register entry that explains it, if any. */
export interface Difference {
  /** `decision`, `status`, or the module key. */
  readonly module: string;
  /** `outcome`, `classification`, `advice.isUnder18` … */
  readonly field: string;
  readonly v1: unknown;
  readonly v2: unknown;
  /** The change register entry that explains the difference; `undefined` when nothing does. */
  readonly explainedBy: ChangeId | undefined;
}

/** The record of one compared pair: one JSON line, with no subject values, images, identity numbers or tokens. */
export interface PairRecord {
  readonly mapping: string;
  readonly stage: Stage['kind'];
  /** Which side answered the caller. */
  readonly primary: Side;
  /** Instance ids, hashed unless configured otherwise; `''` for a shadow that never started (its start failed). */
  readonly v1Instance: string;
  readonly v2Instance: string;
  readonly result: ComparisonResult;
  readonly differences: readonly Difference[];
  /** Milliseconds each side took from start to a terminal state. */
  readonly latencyMs: { readonly v1: number | undefined; readonly v2: number | undefined };
  /** Why a side failed, by error name only. */
  readonly errors?: { readonly v1?: string; readonly v2?: string };
  /**
   * Both sides' normal outcomes, when the pair is kept for learning the flow-key mapping (`learnFlowKeys`,
   * `journey-bridge compare --learn`); they hold no subject data.
   */
  readonly outcomes?: { readonly v1: NormalOutcome; readonly v2: NormalOutcome };
  /**
   * Rules of the mirror (`added-after-save`, `task-steps`) that could not be checked for this pair: a step needs an
   * element nobody described to the shadow's adapter (its `elements`), which only a submit checks; v1's end state
   * did not say what its journey held; or a step's schema was not listed. A pair whose ends agree says nothing of
   * these. Absent when every rule was checked.
   */
  readonly unchecked?: readonly string[];
  /** ISO 8601. */
  readonly at: string;
}

/** A v1 publication and the v2 publication that replaces it, with how the cutover treats it. */
export interface CutoverMapping {
  /** Name in records and metrics. @default the v1 resourceId */
  readonly name?: string;
  /** The v1 resourceId (exact or bare, as in the journey map). */
  readonly v1: string;
  /** The v2 resourceId of the republication; shadow journeys may run on its preview publication instead. */
  readonly v2: string;
  /** The v1 dialect the adapter answers in for this journey. */
  readonly dialect?: V1Dialect;
  readonly stage: Stage;
  /**
   * Where shadow journeys run. `production`: the mapped journey itself, a real second verification (bounded by
   * the sample and `dailyCap`). `{ preview }`: the shadow side is started with this v1 resourceId instead, one
   * whose journey-map entry names the preview publication. @default 'production'
   */
  readonly shadowOn?: 'production' | { readonly preview: string };
  /** Most shadow journeys started per UTC day, over every replica sharing the store. @default 1000 */
  readonly dailyCap?: number;
  /** This mapping's rollback thresholds, over the cutover's defaults. */
  readonly rollback?: Partial<RollbackRule>;
  /** Differences this team decided not to count: such pairs are `ignored`. @default none */
  readonly ignore?: readonly IgnoreRule[];
}

/**
 * When a mapping steps back by itself, over a sliding window of its latest pairs and calls: consistency below
 * `consistencyBelow` over at least `minPairs` compared pairs, or v2's error rate above v1's by more than
 * `errorRateMargin` over at least `minCalls` calls of each side.
 */
export interface RollbackRule {
  /** Share of compared pairs (`match`, `reasonable`, `ignored` out of all but `error`/`timeout`). @default 0.99 */
  readonly consistencyBelow: number;
  /** @default 200 */
  readonly minPairs: number;
  /** v2 error rate minus v1 error rate, as a share of calls. @default 0.05 */
  readonly errorRateMargin: number;
  /** @default 200 */
  readonly minCalls: number;
  /** Pairs and calls per side the window keeps. @default 1000 */
  readonly window: number;
  /** The sample of the `shadow` a `ramp` steps back to (v1 answers every caller again). @default 0.1 */
  readonly shadowSample: number;
}

/** Where a mapping is and why, when a rollback, the kill switch or an operator moved it from its configured stage. */
export interface StageOverride {
  readonly stage: Stage;
  /** The configured stage it was moved from: once the configuration says otherwise, the override no longer holds. */
  readonly from: Stage;
  readonly reason: 'rollback' | 'kill' | 'operator';
  /** ISO 8601. */
  readonly at: string;
}

/** Where one instance is served: the side it started on, its mapping, and whether a shadow mirrors it. */
export interface Placement {
  readonly side: Side;
  readonly mapping: string;
  /** The stage it started in, for the metrics of its later calls. */
  readonly stage: Stage['kind'];
  /**
   * The stage it started in, parameters included: its later calls count in the rollback window only while that stage
   * is in force. Absent from placements written by versions before it, which are matched by `stage` alone.
   */
  readonly startedIn?: Stage;
  /** A shadow journey mirrors it: its submissions are held for the shadow. */
  readonly mirrored: boolean;
}

/** A submission of the primary's caller, kept for the shadow until its tasks ask for it. */
export interface HeldSubmission {
  /** The submission's `context.subject`. Never logged. */
  readonly subject: Record<string, unknown>;
  /** Sent with `intent: Save`: a draft the task keeps until a Complete submits it, with whatever that one corrects. */
  readonly draft: boolean;
  /** The task it was sent to. */
  readonly taskId?: string;
  /**
   * Its call failed with no answer that says whether the primary took it (a timeout, a 5xx, a lost connection):
   * held all the same, since a taken one the shadow never gets would leave it waiting.
   */
  readonly uncertain?: boolean;
}

/**
 * An entry held for the shadow that this replica could not open (sealed under another key, or altered): its data is
 * not usable, and the shadow it was held for cannot be compared.
 */
export interface UnopenedSubmission {
  /** Why, e.g. a `SealedSubjectError`; it carries no data of the entry. */
  readonly unopened: Error;
}

/**
 * Where the cutover's shared state lives: the placement of each instance, the submissions held for a shadow until
 * its interactions ask for them, daily counters and stage overrides. In memory by default; Redis for several
 * replicas. Every entry but a stage override has a TTL.
 */
export interface PairingStore {
  place(instanceId: string, placement: Placement, ttlMs: number): Promise<void>;
  placementOf(instanceId: string): Promise<Placement | undefined>;
  /** Keeps a submission for the shadow; encrypted when the store is shared. */
  hold(primaryInstanceId: string, submission: HeldSubmission, ttlMs: number): Promise<void>;
  /**
   * Every submission held for the instance, oldest first; taken ones are removed. An entry that cannot be opened
   * is answered in its place as unopened (and removed too), never failing the others.
   */
  take(primaryInstanceId: string): Promise<(HeldSubmission | UnopenedSubmission)[]>;
  /** Adds one to the counter `key` (created with `ttlMs` to live) and answers the new count. */
  increment(key: string, ttlMs: number): Promise<number>;
  overrideOf(mapping: string): Promise<StageOverride | undefined>;
  setOverride(mapping: string, override: StageOverride): Promise<void>;
  close(): Promise<void>;
}
