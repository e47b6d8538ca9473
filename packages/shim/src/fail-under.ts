import { consistentPairs, type MappingSummary } from '@journey-bridge/cutover';

/** `value` as an exact fraction, from the shortest decimal that reads back as it (`97.4` is 974/10, not 0.97399…). */
function decimalFraction(value: number): { numerator: bigint; denominator: bigint } {
  const [mantissa = '0', exponent = '0'] = String(value).split('e');
  const [whole = '0', fraction = ''] = mantissa.split('.');
  const shift = Number(exponent) - fraction.length;
  const digits = BigInt(`${whole}${fraction}`);
  return shift >= 0
    ? { numerator: digits * 10n ** BigInt(shift), denominator: 1n }
    : { numerator: digits, denominator: 10n ** BigInt(-shift) };
}

/**
 * Whether the consistency of `results` is at or above `failUnder` percent, compared in integers: as a float,
 * 487 of 500 is 97.39999…% and would fail a bar of 97.4. `false` when no pair had an outcome on both sides.
 */
export function reachesBar(results: MappingSummary['results'], failUnder: number): boolean {
  const pairs = consistentPairs(results);
  const consistent = BigInt(pairs.consistent);
  const compared = BigInt(pairs.compared);
  if (compared === 0n || !Number.isFinite(failUnder)) return false;
  const bar = decimalFraction(failUnder);
  return consistent * 100n * bar.denominator >= bar.numerator * compared;
}
