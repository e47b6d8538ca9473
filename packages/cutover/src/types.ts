import type { ChangeId, V1Dialect } from '@journey-bridge/contract';

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
  /** Instance ids, hashed unless configured otherwise. */
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
}

/**
 * Where pairing lives: the side each instance is served by, the instance paired with it on the other side, and
 * the submissions held for a shadow until its interactions ask for them. In memory by default; Redis for several
 * replicas. Every entry has a TTL.
 */
export interface PairingStore {
  setSide(instanceId: string, side: Side, ttlMs: number): Promise<void>;
  sideOf(instanceId: string): Promise<Side | undefined>;
  pair(primaryInstanceId: string, shadowInstanceId: string, ttlMs: number): Promise<void>;
  shadowOf(primaryInstanceId: string): Promise<string | undefined>;
  /** Keeps a submission (a subject) for the shadow; encrypted when the store is shared. */
  hold(primaryInstanceId: string, subject: Record<string, unknown>, ttlMs: number): Promise<void>;
  /** Every submission held for the instance, oldest first; taken ones are removed. */
  take(primaryInstanceId: string): Promise<Record<string, unknown>[]>;
  close(): Promise<void>;
}
