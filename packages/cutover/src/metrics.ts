import { Counter, Gauge, Histogram, type Registry } from 'prom-client';
import { CutoverOptionsError } from './errors/cutover-options-error.js';
import type { EvidenceWindow } from './evidence-window.js';
import type { ComparisonResult, Side, Stage } from './types.js';

const STAGE_KINDS: readonly Stage['kind'][] = ['v1', 'shadow', 'live', 'ramp', 'v2'];
const SIDES: readonly Side[] = ['v1', 'v2'];

/**
 * Why shadow work was not done, or did not finish: labels of `journey_bridge_cutover_shadow_skipped_total`.
 * `shutdown`: a mirrored journey abandoned, not compared, because the cutover closed while it ran.
 */
export type SkipReason = 'queue-full' | 'daily-cap' | 'store' | 'unwritable-start' | 'shutdown';
/** Which part of the shadow work failed (`hook`: the caller's `onStageChange`): labels of `journey_bridge_cutover_failures_total`. */
export type FailurePart = 'shadow' | 'compare' | 'publish' | 'hold' | 'store' | 'webhook' | 'hook';

/** The name of each metric, as `CutoverMetrics` registers it. */
const NAMES = {
  pairs: 'journey_bridge_cutover_pairs_total',
  consistency: 'journey_bridge_cutover_consistency_ratio',
  calls: 'journey_bridge_cutover_calls_total',
  errorRate: 'journey_bridge_cutover_error_ratio',
  callDuration: 'journey_bridge_cutover_call_duration_seconds',
  skipped: 'journey_bridge_cutover_shadow_skipped_total',
  failures: 'journey_bridge_cutover_failures_total',
  stage: 'journey_bridge_cutover_stage',
  rollbacks: 'journey_bridge_cutover_rollbacks_total',
} as const;

/** The cutover's Prometheus metrics, per mapping and stage, on the registry it is given. */
export class CutoverMetrics {
  readonly pairs: Counter<'mapping' | 'stage' | 'result'>;
  readonly consistency: Gauge<'mapping'>;
  readonly calls: Counter<'mapping' | 'stage' | 'side' | 'outcome'>;
  readonly errorRate: Gauge<'mapping' | 'side'>;
  readonly callDuration: Histogram<'mapping' | 'stage' | 'side' | 'operation'>;
  readonly skipped: Counter<'mapping' | 'reason'>;
  readonly failures: Counter<'mapping' | 'part'>;
  readonly stage: Gauge<'mapping' | 'stage'>;
  readonly rollbacks: Counter<'mapping' | 'reason'>;

  /**
   * @param refreshStages Reads each mapping's stage in force before the stage gauge is scraped: another replica's
   * rollback, or an override found in the store after a restart, shows without a start of the mapping here.
   */
  constructor(registry: Registry, refreshStages?: () => Promise<void>) {
    // All or none: a registry holding one of these names (the app's own, or another cutover's) fails before any is added.
    const taken = Object.values(NAMES).filter((name) => registry.getSingleMetric(name) !== undefined);
    if (taken.length > 0)
      throw new CutoverOptionsError(
        `the registry already holds ${taken.join(', ')}: give each cutover a registry of its own (registry), or merge them with Registry.merge`,
      );
    const registers = [registry];
    this.pairs = new Counter({
      name: NAMES.pairs,
      help: 'Mirrored journeys compared, by mapping, stage and result.',
      labelNames: ['mapping', 'stage', 'result'],
      registers,
    });
    this.consistency = new Gauge({
      name: NAMES.consistency,
      help: 'Share of compared pairs in the rollback window that agreed (match, reasonable, ignored); NaN while it holds none.',
      labelNames: ['mapping'],
      registers,
    });
    this.calls = new Counter({
      name: NAMES.calls,
      help: 'Calls to each side, primary and shadow, by outcome (error: no answer, a 5xx or an answer that could not be read).',
      labelNames: ['mapping', 'stage', 'side', 'outcome'],
      registers,
    });
    this.errorRate = new Gauge({
      name: NAMES.errorRate,
      help: "Share of each side's calls in the rollback window that failed (state reads are not in it); NaN while it holds none.",
      labelNames: ['mapping', 'side'],
      registers,
    });
    this.callDuration = new Histogram({
      name: NAMES.callDuration,
      help: 'Duration of calls to each side, by operation.',
      labelNames: ['mapping', 'stage', 'side', 'operation'],
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    });
    this.skipped = new Counter({
      name: NAMES.skipped,
      help: 'Sampled journeys not mirrored or not compared: a full shadow queue, the daily cap, the store, or a shutdown while mirrored.',
      labelNames: ['mapping', 'reason'],
      registers,
    });
    this.failures = new Counter({
      name: NAMES.failures,
      help: 'Failures kept off the caller’s path, by the part that failed.',
      labelNames: ['mapping', 'part'],
      registers,
    });
    this.stage = new Gauge({
      name: NAMES.stage,
      help: 'The stage new journeys of a mapping start in (1 for the current stage, 0 for the others).',
      labelNames: ['mapping', 'stage'],
      registers,
      ...(refreshStages && { collect: refreshStages }),
    });
    this.rollbacks = new Counter({
      name: NAMES.rollbacks,
      help: 'Moves of a mapping back from its stage: an automatic rollback or the kill switch.',
      labelNames: ['mapping', 'reason'],
      registers,
    });
  }

  /** Marks `stage` as the current stage of `mapping`. */
  setStage(mapping: string, stage: Stage): void {
    for (const kind of STAGE_KINDS) this.stage.set({ mapping, stage: kind }, kind === stage.kind ? 1 : 0);
  }

  /**
   * Publishes the shares of `mapping`'s rollback window. A share the window holds nothing for is unknown, NaN
   * (as PromQL gives for 0/0), never 1 or 0: an empty window, as after a rollback, is neither agreement nor failure.
   */
  setWindow(mapping: string, window: EvidenceWindow): void {
    this.consistency.set({ mapping }, window.consistency().rate ?? Number.NaN);
    for (const side of SIDES) this.errorRate.set({ mapping, side }, window.errorRate(side).rate ?? Number.NaN);
  }

  pair(mapping: string, stage: Stage, result: ComparisonResult): void {
    this.pairs.inc({ mapping, stage: stage.kind, result });
  }

  call(mapping: string, stage: Stage['kind'], side: Side, operation: string, seconds: number, failed: boolean): void {
    this.calls.inc({ mapping, stage, side, outcome: failed ? 'error' : 'ok' });
    this.callDuration.observe({ mapping, stage, side, operation }, seconds);
  }
}
