import type { NormalOutcome } from './types.js';

/** Options of `learnFlowKeys`. */
export interface LearnOptions {
  /** Least share of the pairs that ran both modules whose outcome and classification agree. @default 0.95 */
  minAgreement?: number;
  /** Least number of pairs that ran both modules. @default 3 */
  minPairs?: number;
  /**
   * Least number of different outcomes the two agreed on. Agreeing on one outcome alone (two checks that both said
   * "Match" while nobody tripped either) says nothing of which module a step is. @default 2
   */
  minOutcomes?: number;
}

/** How often a v2 step and a v1 flow key agreed, of the pairs that ran both. */
export interface Agreement {
  readonly v1: string;
  readonly agreed: number;
  readonly compared: number;
  /** How many different outcomes (outcome and classification) they agreed on. */
  readonly outcomes: number;
}

/** Why a v2 step got its v1 flow key: its agreement, and the best other key's, to show the choice was clear. */
export interface FlowKeyEvidence extends Agreement {
  readonly v2: string;
  readonly runnerUp: Agreement | undefined;
}

/** The mapping `learnFlowKeys` inferred, and what it rests on. */
export interface LearnedMapping {
  /** v2 step nodeId → v1 flow key, for a journey-map entry's `dialect.flowKeys` (steps already named alike left out). */
  readonly flowKeys: Record<string, string>;
  readonly evidence: {
    readonly pairs: number;
    readonly mapped: readonly FlowKeyEvidence[];
    /** v2 steps given no key, with why: no key agreed often enough, or two agreed equally (vary the subjects). */
    readonly unmapped: readonly { readonly v2: string; readonly reason: string }[];
    /** v1 flow keys no step was given. */
    readonly unmatchedV1: readonly string[];
  };
}

const signature = (module: { outcome: string | undefined; classification: string | undefined }) =>
  JSON.stringify([module.outcome, module.classification]);
const ratio = ({ agreed, compared }: Agreement) => (compared === 0 ? 0 : agreed / compared);
// Ranked by the share that agreed alone: how many pairs happened to run a module says nothing of which key it is,
// so two keys with the same share are a tie (the name only orders them), never a choice by count.
const better = (x: Agreement, y: Agreement) => ratio(y) - ratio(x) || x.v1.localeCompare(y.v1);
const tied = (x: Agreement, y: Agreement) => ratio(x) === ratio(y);
const share = ({ agreed, compared }: Agreement) => `${agreed} of ${compared}`;
const percent = (value: number) => `${Number((value * 100).toFixed(1))}%`;
/** A step already under a v1 flow key (a record from after the flow keys were set) and that key. */
const sameName = (cell: { v1: string; v2: string }) => cell.v1 === cell.v2;

/** Why a step no key went to is unmapped, from the figures the choice was made on. */
function unmappedReason(
  best: Agreement | undefined,
  eligible: (cell: Agreement) => boolean,
  takenBy: ReadonlyMap<string, FlowKeyEvidence | 'contested'>,
  { minAgreement, minPairs, minOutcomes }: Required<LearnOptions>,
): string {
  if (!best) return 'no pair ran a v1 module beside it';
  const figures = `${best.v1} agreed in ${share(best)} pairs that ran both (${percent(ratio(best))})`;
  if (best.compared >= minPairs && ratio(best) >= minAgreement && best.outcomes < minOutcomes)
    return `its best key ${figures}, but on ${best.outcomes} outcome(s) only, as any two modules that did not trip agree: run subjects whose outcomes tell the modules apart, or, if they are one module whose rule v2 changed, set its flow key by hand`;
  if (eligible(best)) {
    const owner = takenBy.get(best.v1);
    return owner === undefined || owner === 'contested'
      ? `its best key ${figures}, but ${best.v1} is contested by steps or keys that agree equally`
      : `its best key ${figures}, but ${owner.v2} agrees better with it (${share(owner)})`;
  }
  const needed = `a key must agree in at least ${percent(minAgreement)} of at least ${minPairs} pairs`;
  return `no v1 key agrees often enough: best ${figures}; ${needed}`;
}

/**
 * Infers which v1 flow key (the module's variantId) each v2 step nodeId stands for, from journeys run on both
 * sides with the same subjects: a step and a key are the same module when their outcomes agree, pair after pair.
 * `pairs` are normal outcomes with the v2 side's modules under their nodeIds (normalised without flow keys).
 * Assignments are one to one, best agreement first; a step two keys fit equally well stays unmapped rather than
 * be guessed, and the evidence says which subjects would tell them apart. A step already named like a v1 key (a
 * pair recorded after the flow keys were set) that agrees with it is that key, first, and leaves the key free for
 * the step nodeId older pairs recorded it under.
 */
export function learnFlowKeys(
  pairs: readonly { readonly v1: NormalOutcome; readonly v2: NormalOutcome }[],
  options: LearnOptions = {},
): LearnedMapping {
  const { minAgreement = 0.95, minPairs = 3, minOutcomes = 2 } = options;
  const settings = { minAgreement, minPairs, minOutcomes };
  const table = new Map<string, Map<string, { agreed: number; compared: number; on: Set<string> }>>();
  const v1Keys = new Set<string>();
  for (const { v1, v2 } of pairs) {
    for (const key of Object.keys(v1.modules)) v1Keys.add(key);
    for (const [step, module] of Object.entries(v2.modules)) {
      const row = table.get(step) ?? new Map();
      table.set(step, row);
      for (const [key, candidate] of Object.entries(v1.modules)) {
        const cell = row.get(key) ?? { agreed: 0, compared: 0, on: new Set<string>() };
        const agrees = signature(candidate) === signature(module);
        if (agrees) cell.on.add(signature(module));
        row.set(key, { agreed: cell.agreed + (agrees ? 1 : 0), compared: cell.compared + 1, on: cell.on });
      }
    }
  }
  // A step already named like its key needs no variety of outcomes: the name is the evidence, the agreement its check.
  const isEligible = (cell: Agreement & { v2?: string }) =>
    cell.compared >= minPairs && ratio(cell) >= minAgreement && (cell.outcomes >= minOutcomes || cell.v1 === cell.v2);
  const ranked = new Map(
    [...table].map(([step, row]) => [
      step,
      [...row].map(([v1, { agreed, compared, on }]) => ({ v1, agreed, compared, outcomes: on.size })).sort(better),
    ]),
  );
  const eligible = [...ranked]
    .flatMap(([v2, row]) => row.map((cell) => ({ v2, ...cell })).filter(isEligible))
    .sort((x, y) => better(x, y) || x.v2.localeCompare(y.v2));

  const flowKeys: Record<string, string> = {};
  const mapped: FlowKeyEvidence[] = [];
  const unmapped: { v2: string; reason: string }[] = [];
  const doneSteps = new Set<string>();
  const takenBy = new Map<string, FlowKeyEvidence | 'contested'>();
  const map = (candidate: Agreement & { v2: string }) => {
    const evidence = { ...candidate, runnerUp: ranked.get(candidate.v2)?.find((cell) => cell.v1 !== candidate.v1) };
    doneSteps.add(candidate.v2);
    mapped.push(evidence);
    return evidence;
  };
  // Same-name steps first, and they take no key: sharing a name with a key is no evidence against another step.
  for (const candidate of eligible.filter(sameName)) map(candidate);
  const open = eligible.filter((cell) => !doneSteps.has(cell.v2));
  for (const candidate of open) {
    if (doneSteps.has(candidate.v2) || takenBy.has(candidate.v1)) continue;
    const rivals = open.filter(
      (other) =>
        other !== candidate &&
        tied(other, candidate) &&
        ((other.v2 === candidate.v2 && !takenBy.has(other.v1)) || (other.v1 === candidate.v1 && !doneSteps.has(other.v2))),
    );
    if (rivals.length > 0) {
      // Contested steps and keys are all left out: the next best could only be a guess between them too.
      const contested = [candidate, ...rivals];
      const keys = [...new Set(contested.map((cell) => cell.v1))].sort();
      for (const step of new Set(contested.map((cell) => cell.v2))) {
        doneSteps.add(step);
        unmapped.push({
          v2: step,
          reason: `${keys.join(' and ')} agree equally (${percent(ratio(candidate))} of the pairs that ran both) with it or with another step: run subjects whose outcomes tell the modules apart`,
        });
      }
      for (const key of keys) takenBy.set(key, 'contested');
      continue;
    }
    takenBy.set(candidate.v1, map(candidate));
    flowKeys[candidate.v2] = candidate.v1;
  }
  for (const [step, row] of ranked) {
    if (!doneSteps.has(step)) unmapped.push({ v2: step, reason: unmappedReason(row[0], isEligible, takenBy, settings) });
  }
  return {
    flowKeys,
    evidence: {
      pairs: pairs.length,
      mapped: mapped.sort((x, y) => x.v2.localeCompare(y.v2)),
      unmapped: unmapped.sort((x, y) => x.v2.localeCompare(y.v2)),
      unmatchedV1: [...v1Keys].filter((key) => !mapped.some((entry) => entry.v1 === key)).sort(),
    },
  };
}

/** The evidence as lines for people: one per step, mapped or not. */
export function describeEvidence({ evidence }: LearnedMapping): string[] {
  return [
    `${evidence.pairs} paired journeys`,
    ...evidence.mapped.map(
      (entry) =>
        `${entry.v2} → ${entry.v1}${sameName(entry) ? ' (already under its v1 flow key)' : ''}: agreed in ${share(entry)} pairs${entry.runnerUp ? ` (next best ${entry.runnerUp.v1}: ${share(entry.runnerUp)})` : ''}`,
    ),
    ...evidence.unmapped.map((entry) => `${entry.v2}: not mapped, ${entry.reason}`),
    ...evidence.unmatchedV1.map((key) => `${key}: no v2 step took this v1 flow key`),
  ];
}
