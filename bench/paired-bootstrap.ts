/**
 * How sure a benchmark can be of what a configuration adds to a baseline's percentile, when both ran in the same
 * rounds taking turns: the rounds are resampled with replacement, the same rounds for both (what changes slowly
 * over the run, the machine's other load, is then kept or dropped for both; a burst within one turn is not paired),
 * and the spread of the added share over the resamples gives the interval.
 */

/** What one configuration adds to the baseline at a percentile, with the interval the run supports. */
export interface AddedShare {
  /** Added over the whole run, as a share of the baseline (0.05 is 5%). */
  readonly added: number;
  /** The 95% interval of `added` over the resamples. */
  readonly low: number;
  readonly high: number;
}

/** The value at percentile `q` (0–100) of the rounds named (all by default), pooled, by the nearest rank. */
export function pooledPercentile(rounds: readonly (readonly number[])[], q: number, picked?: readonly number[]): number {
  const chosen = (picked ?? rounds.map((_, index) => index)).map((index) => rounds[index] ?? []);
  // A typed array sorts numerically, and several times faster than an array with a comparator.
  const values = new Float64Array(chosen.reduce((total, round) => total + round.length, 0));
  let at = 0;
  for (const round of chosen) {
    values.set(round, at);
    at += round.length;
  }
  if (values.length === 0) throw new RangeError('no values to take a percentile of');
  values.sort();
  return values[Math.min(values.length - 1, Math.max(0, Math.ceil((q / 100) * values.length) - 1))] as number;
}

/**
 * What `other` adds to `base` at percentile `q`, each given as its rounds' values (round `i` of both ran side by
 * side). The rounds must pair up one to one.
 */
export function addedAtPercentile(
  base: readonly (readonly number[])[],
  other: readonly (readonly number[])[],
  q: number,
  resamples = 2000,
): AddedShare {
  if (base.length !== other.length || base.length === 0) throw new RangeError('the two configurations must have the same rounds');
  const share = (picked?: readonly number[]) => pooledPercentile(other, q, picked) / pooledPercentile(base, q, picked) - 1;
  const shares = Array.from({ length: resamples }, () => share(base.map(() => Math.floor(Math.random() * base.length)))).sort(
    (a, b) => a - b,
  );
  // As many resamples beyond each end as below it: 50 of 2000 on either side for a 95% interval.
  const at = (fraction: number) => shares[Math.round(fraction * (resamples - 1))] as number;
  return { added: share(), low: at(0.025), high: at(0.975) };
}
