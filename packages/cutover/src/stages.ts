import { createHash } from 'node:crypto';
import type { Side, Stage, StageOverride } from './types.js';

/** How a new journey runs: the side that answers the caller, and whether it is a candidate for a shadow. */
export interface StartPlan {
  readonly primary: Side;
  /** Sampled for a shadow on the other side (the queue and the daily cap may still skip it). */
  readonly sampled: boolean;
}

/**
 * A number in [0, 1) that is the same for one key on every replica and every restart, so a user (`uid`) stays
 * in the same ramp share and the same sample; salted with the mapping so mappings split independently.
 */
export function stableBucket(mapping: string, key: string): number {
  const digest = createHash('sha256').update(`${mapping}\u0000${key}`).digest();
  return digest.readUIntBE(0, 6) / 2 ** 48;
}

/** Where a new journey goes at `stage`, given its bucket in [0, 1). */
export function planStart(stage: Stage, bucket: number): StartPlan {
  switch (stage.kind) {
    case 'v1':
      return { primary: 'v1', sampled: false };
    case 'shadow':
      return { primary: 'v1', sampled: bucket < stage.sample };
    case 'live':
      return { primary: 'v2', sampled: bucket < stage.sample };
    case 'ramp':
      return { primary: bucket < stage.percent / 100 ? 'v2' : 'v1', sampled: false };
    case 'v2':
      return { primary: 'v2', sampled: false };
  }
}

/** The stages that produce evidence for a rollback: both sides run (shadow, live) or both serve (ramp). */
export type ComparedStage = Extract<Stage, { kind: 'shadow' | 'live' | 'ramp' }>;

export const isComparedStage = (stage: Stage): stage is ComparedStage =>
  stage.kind === 'shadow' || stage.kind === 'live' || stage.kind === 'ramp';

/**
 * One stage back: `shadow` → `v1`, `live` → `shadow` with its sample, `ramp` → `shadow` with `shadowSample`. Never
 * `ramp` → `live`, the stage before it in the runbook: `live` answers every caller from v2, so a rollback for v2's
 * failures would move more callers onto it.
 */
export function previousStage(stage: ComparedStage, shadowSample: number): Stage {
  if (stage.kind === 'shadow') return { kind: 'v1' };
  if (stage.kind === 'live') return { kind: 'shadow', sample: stage.sample };
  return { kind: 'shadow', sample: shadowSample };
}

/** Whether two stages are the same, parameters included. */
export function sameStage(a: Stage, b: Stage): boolean {
  if (a.kind === 'shadow' || a.kind === 'live') return b.kind === a.kind && b.sample === a.sample;
  if (a.kind === 'ramp') return b.kind === 'ramp' && b.percent === a.percent;
  return b.kind === a.kind;
}

/** Whether two overrides are one: the same stages, reason and time, however their members are ordered. */
export const sameOverride = (a: StageOverride, b: StageOverride): boolean =>
  sameStage(a.stage, b.stage) && sameStage(a.from, b.from) && a.reason === b.reason && a.at === b.at;

const ORDER: Record<Stage['kind'], number> = { v1: 0, shadow: 1, live: 2, ramp: 3, v2: 4 };

/** The share of new journeys whose callers v2 answers at `stage`. */
const answeredByV2 = (stage: Stage): number =>
  stage.kind === 'ramp' ? stage.percent / 100 : stage.kind === 'live' || stage.kind === 'v2' ? 1 : 0;

/**
 * Whether `to` is `from` or behind it: fewer callers answered by v2; as many, and an earlier stage in the runbook's
 * order (`v1`, `shadow`, `live`, `ramp`, `v2`); or the same stage with a smaller sample or ramp percent. What a
 * rollback or a kill may do. By callers first: `live` comes before `ramp` in the runbook, yet answers all of them.
 */
export function isBackFrom(to: Stage, from: Stage): boolean {
  const [share, fromShare] = [answeredByV2(to), answeredByV2(from)];
  if (share !== fromShare) return share < fromShare;
  if (to.kind !== from.kind) return ORDER[to.kind] < ORDER[from.kind];
  if (to.kind === 'ramp' && from.kind === 'ramp') return to.percent <= from.percent;
  if ((to.kind === 'shadow' && from.kind === 'shadow') || (to.kind === 'live' && from.kind === 'live')) return to.sample <= from.sample;
  return true;
}

/** `shadow 10%`, `ramp 50%`, `v2`: a stage as logs and metrics show it. */
export function describeStage(stage: Stage): string {
  if (stage.kind === 'shadow' || stage.kind === 'live') return `${stage.kind} ${Math.round(stage.sample * 1000) / 10}%`;
  if (stage.kind === 'ramp') return `ramp ${stage.percent}%`;
  return stage.kind;
}
