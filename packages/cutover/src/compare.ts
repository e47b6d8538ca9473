import type { ChangeId } from '@journey-bridge/contract';
import type { ComparisonResult, Difference, NormalOutcome } from './types.js';

/** A side that reached no outcome: it failed (`error`, with the error's name) or ran out of time. */
export interface PairFailure {
  readonly failed: 'error' | 'timeout';
  /** The error's name, e.g. `ServiceUnavailableError`; never its message. */
  readonly error?: string;
}

/**
 * A difference a team has decided not to count. `module` and `field` are exact names or end in `*` to match a
 * prefix (`advice.*`); a missing one matches anything.
 */
export interface IgnoreRule {
  /** `status`, `decision` or a module's v1 flow key. @default every module */
  readonly module?: string;
  /** `value`, `wording`, `key`, `present`, `outcome`, `classification`, `advice.<name>`. @default every field */
  readonly field?: string;
  /** Why it is ignored, for the people reading the rules. */
  readonly reason?: string;
}

/** How one pair compared, with the differences the result rests on. */
export interface Comparison {
  readonly result: ComparisonResult;
  /**
   * `mismatch`: every difference no rule ignores; `reasonable`: the spellings that differ; `ignored`: every
   * difference found, all covered by rules; otherwise none.
   */
  readonly differences: readonly Difference[];
}

/** A difference the register documents as the same outcome spelled another way: `reasonable`, not a mismatch. */
interface Found extends Difference {
  readonly reasonable: boolean;
}

const isFailure = (side: NormalOutcome | PairFailure): side is PairFailure => 'failed' in side;
const matches = (pattern: string | undefined, name: string) =>
  pattern === undefined || (pattern.endsWith('*') ? name.startsWith(pattern.slice(0, -1)) : name === pattern);
const ignoredBy = (rules: readonly IgnoreRule[], difference: Difference) =>
  rules.some((rule) => matches(rule.module, difference.module) && matches(rule.field, difference.field));

function differences(v1: NormalOutcome, v2: NormalOutcome): Found[] {
  const found: Found[] = [];
  const add = (module: string, field: string, a: unknown, b: unknown, explainedBy: ChangeId | undefined, reasonable = false) => {
    if (!Object.is(a, b)) found.push({ module, field, v1: a, v2: b, explainedBy, reasonable });
  };

  add('status', 'value', v1.status, v2.status, undefined);
  if (v1.status === v2.status) {
    // Only a failure has two spellings the register documents; code that compares `status === 'Running'` breaks on
    // another spelling of any other status.
    const failure = v1.status === 'failed';
    add('status', 'spelling', v1.spelling.status, v2.spelling.status, failure ? 'status.failure-spelling' : undefined, failure);
  }

  add('decision', 'value', v1.decision, v2.decision, undefined);
  if (v1.decision === v2.decision) {
    // Two wordings of one decision are reasonable; two wordings that name no decision at all are not.
    const known = v1.decision !== undefined;
    const explainedBy = known ? 'response.decision-wording' : undefined;
    add('decision', 'wording', v1.spelling.decisionWording, v2.spelling.decisionWording, explainedBy, known);
    if (known) add('decision', 'key', v1.spelling.decisionKey, v2.spelling.decisionKey, explainedBy, true);
  }

  const keys = [...new Set([...Object.keys(v1.modules), ...Object.keys(v2.modules)])].sort();
  for (const key of keys) {
    const a = v1.modules[key];
    const b = v2.modules[key];
    if (!a || !b) {
      // Not every v1 variant has a v2 step, and an unmapped step keeps its nodeId: but only a side that ran all it
      // was going to run says so. One still pending or paused, or failed where the other did not, may just not have
      // got to the module: blaming the flow keys would send the reader to fix a mapping, when the status
      // difference is the finding. Both failed, the side that has the module ran it and the other did not.
      const [has, lacking] = a ? [v1, v2] : [v2, v1];
      const ranItsCourse = lacking.status === 'completed' || (lacking.status === 'failed' && has.status === 'failed');
      add(key, 'present', a !== undefined, b !== undefined, ranItsCourse ? 'response.variant-id' : undefined);
      continue;
    }
    add(key, 'outcome', a.outcome, b.outcome, undefined);
    add(key, 'classification', a.classification, b.classification, undefined);
    const adviceA = v1.advice[key] ?? {};
    const adviceB = v2.advice[key] ?? {};
    for (const name of [...new Set([...Object.keys(adviceA), ...Object.keys(adviceB)])].sort()) {
      add(key, `advice.${name}`, adviceA[name], adviceB[name], undefined);
    }
  }
  return found;
}

const strip = ({ reasonable: _, ...difference }: Found): Difference => difference;

/**
 * Compares the normal outcomes of one journey run on both sides. `error` when a side failed, `timeout` when one
 * ran out of time (and none failed); `match` when nothing differs; `reasonable` when only spellings the register
 * documents differ (`Failed`/`Error`, two wordings of one decision); `ignored` when every difference is covered by
 * `rules`; `mismatch` otherwise, naming each differing module and field with the register entry that explains it,
 * or `undefined` when none does.
 */
export function comparePair(
  v1: NormalOutcome | PairFailure,
  v2: NormalOutcome | PairFailure,
  rules: readonly IgnoreRule[] = [],
): Comparison {
  if (isFailure(v1) || isFailure(v2)) {
    const failed = [v1, v2].some((side) => isFailure(side) && side.failed === 'error');
    return { result: failed ? 'error' : 'timeout', differences: [] };
  }
  const found = differences(v1, v2);
  const counted = found.filter((difference) => !ignoredBy(rules, difference));
  if (found.length === 0) return { result: 'match', differences: [] };
  if (counted.some((difference) => !difference.reasonable)) return { result: 'mismatch', differences: counted.map(strip) };
  if (counted.length > 0) return { result: 'reasonable', differences: counted.map(strip) };
  return { result: 'ignored', differences: found.map(strip) };
}
