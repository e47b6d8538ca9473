import { comparePair, type IgnoreRule, type PairFailure } from './compare.js';
import type { ComparisonResult, NormalOutcome } from './types.js';

/** What comparing one publication with itself found: the differences no cutover should believe. */
export interface NoiseFloor {
  readonly pairs: number;
  readonly results: Readonly<Record<ComparisonResult, number>>;
  /** Share of pairs with an outcome on both sides that did not compare as `match` (0 to 1). */
  readonly rate: number;
  /** Module and field of every difference seen, most frequent first. */
  readonly noisy: readonly { readonly module: string; readonly field: string; readonly count: number }[];
  /** `noisy` as ignore rules, for the comparison of v1 with v2 (as Diffy discounts its noise). */
  readonly rules: readonly IgnoreRule[];
}

/** An empty tally of results, in the order the report prints them. */
export const emptyResults = (): Record<ComparisonResult, number> => ({
  match: 0,
  reasonable: 0,
  mismatch: 0,
  ignored: 0,
  error: 0,
  timeout: 0,
});

/**
 * The noise floor: `pairs` are the same publication run twice with the same subject (calibration), so any
 * difference comes from the journey or the comparison, not from the migration. A cutover is only as precise
 * as this is low; its `rules` discount what differed.
 */
export function calibrate(
  pairs: Iterable<{ readonly a: NormalOutcome | PairFailure; readonly b: NormalOutcome | PairFailure }>,
): NoiseFloor {
  const results = emptyResults();
  const counts = new Map<string, { module: string; field: string; count: number }>();
  let total = 0;
  for (const { a, b } of pairs) {
    total += 1;
    const { result, differences } = comparePair(a, b);
    results[result] += 1;
    for (const { module, field } of differences) {
      const key = JSON.stringify([module, field]);
      const seen = counts.get(key) ?? { module, field, count: 0 };
      counts.set(key, { ...seen, count: seen.count + 1 });
    }
  }
  const compared = total - results.error - results.timeout;
  const noisy = [...counts.values()].sort((x, y) => y.count - x.count);
  return {
    pairs: total,
    results,
    rate: compared === 0 ? 0 : (compared - results.match) / compared,
    noisy,
    rules: noisy.map(({ module, field }) => ({ module, field, reason: 'differed in calibration: the same publication on both sides' })),
  };
}
