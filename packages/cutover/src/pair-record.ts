import type { ChangeId } from '@journey-bridge/contract';
import { comparePair, type PairFailure } from './compare.js';
import { PrimaryOutcomeUnknownError } from './errors/primary-outcome-unknown-error.js';
import type { MirrorEnds, MirrorJob, SideEnd } from './mirror.js';
import { normalise } from './normal-form.js';
import type { CutoverMapping, Difference, PairRecord, Side, Stage } from './types.js';

/** What a pair's record is built with beside the mirror's ends. */
export interface PairContext {
  /** The mapping's name in records. */
  readonly mapping: string;
  /** The stage the pair's journey started in. */
  readonly stage: Stage;
  readonly job: MirrorJob;
  /** The mapping's configuration: its dialect normalises both ends, its rules ignore differences. */
  readonly config: Pick<CutoverMapping, 'dialect' | 'ignore'>;
  /** Whether the record keeps both normal outcomes (for learning the flow-key mapping). */
  readonly withOutcomes: boolean;
}

/**
 * Whether the register explains v2's refusal of a start v1 took (`request.prefill-validation`): a 400 for a start
 * that carried a prefill, for any delivery but `page` (the one v1 validated prefill for). Any other is unexplained.
 */
function prefillRefused({ start }: MirrorJob, status: number): boolean {
  const { uid: _, ...prefill } = (start.context.subject ?? {}) as Record<string, unknown>;
  return status === 400 && Object.keys(prefill).length > 0 && start.context.config?.delivery !== 'page';
}

/** A request v1 took and v2 would not have, named by `field` and explained by the register entry, if one does. */
const refusal = (field: string, explainedBy: ChangeId | undefined, v2 = 'refused'): Difference => ({
  module: 'request',
  field,
  v1: 'taken',
  v2,
  explainedBy,
});

/**
 * Compares both ends of a mirrored journey and builds its record: the comparison of the two normal outcomes, and
 * what the mirror found v2 would have refused along the way. Holds no subject data, and v2's refusal of the start
 * as a difference rather than its failure. Throws only on an end it cannot normalise.
 */
export function pairRecordOf({ mapping, stage, job, config, withOutcomes }: PairContext, mirrored: MirrorEnds): PairRecord {
  const { instances, uncertainInput, changedAfterSave, addedAfterSave, stepsMisfit, unchecked, startRefused } = mirrored;
  const outcome = (end: SideEnd) =>
    'state' in end ? normalise(end.state, config.dialect) : ({ failed: end.failed, error: end.error } satisfies PairFailure);
  let ends = mirrored.ends;
  let outcomes = { v1: outcome(ends.v1), v2: outcome(ends.v2) };
  let compared = comparePair(outcomes.v1, outcomes.v2, config.ignore);
  if (uncertainInput && compared.result === 'mismatch') {
    // The difference may be the network's, not the platform's: the primary's end is unknown as compared.
    const unknown = new PrimaryOutcomeUnknownError('a submission of the primary’s caller failed with its outcome unknown');
    ends = { ...ends, [job.primary]: { failed: 'error', error: unknown.name } };
    outcomes = { ...outcomes, [job.primary]: outcome(ends[job.primary]) };
    compared = comparePair(outcomes.v1, outcomes.v2, config.ignore);
  }
  const { v1: v1Outcome, v2: v2Outcome } = outcomes;
  // The shadow was given the Saves merged beneath the Complete, as v1 took them: on v2 a change to what a Save
  // submitted is refused, and so is data added after a Save that completed the task, so however alike the ends,
  // this journey would not have come to its end there.
  const refusals = [
    ...changedAfterSave.map((id) => refusal(`${id}.changed-after-save`, 'request.update-correction')),
    ...addedAfterSave.map((name) => refusal(`${name}.added-after-save`, 'request.update-intent')),
    // Each v1 task's data goes to the one step v2 lists then: a publication that collects in other steps stalls.
    // Steps that take the caller's data without elements v1 held: taken, without them (an optional one silently).
    ...(stepsMisfit === undefined
      ? []
      : [refusal('task-steps', 'endpoint.task-list', 'refused' in stepsMisfit ? 'refused' : `without ${stepsMisfit.without.join(', ')}`)]),
  ];
  const agreed = compared.result === 'match' || compared.result === 'reasonable' || compared.result === 'ignored';
  // A start v2 refused, which v1 took: the journey would not have begun there at all, whatever the ends.
  const refusedStart =
    startRefused === undefined
      ? []
      : [refusal('start', prefillRefused(job, startRefused) ? 'request.prefill-validation' : undefined, `refused (${startRefused})`)];
  const result = refusedStart.length > 0 || (refusals.length > 0 && agreed) ? 'mismatch' : compared.result;
  // v2's refused start is its difference, not its failure.
  const errorOf = (side: Side) => {
    const end = ends[side];
    return 'failed' in end && !(refusedStart.length > 0 && side === 'v2') ? { [side]: end.error } : {};
  };
  const errors = { ...errorOf('v1'), ...errorOf('v2') };
  return {
    mapping,
    stage: stage.kind,
    primary: job.primary,
    v1Instance: instances.v1 ?? '',
    v2Instance: instances.v2 ?? '',
    result,
    differences: [...compared.differences, ...refusals, ...refusedStart],
    latencyMs: { v1: 'state' in ends.v1 ? ends.v1.latencyMs : undefined, v2: 'state' in ends.v2 ? ends.v2.latencyMs : undefined },
    ...(Object.keys(errors).length > 0 && { errors }),
    ...(withOutcomes && !('failed' in v1Outcome) && !('failed' in v2Outcome) && { outcomes: { v1: v1Outcome, v2: v2Outcome } }),
    ...(unchecked.length > 0 && { unchecked }),
    at: new Date().toISOString(),
  };
}
