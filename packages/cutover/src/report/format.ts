import type { ComparisonResult } from '../types.js';
import type { MappingSummary, Percentiles } from './summary.js';

/** The results in the order reports show them. */
export const RESULTS: readonly ComparisonResult[] = ['match', 'reasonable', 'mismatch', 'ignored', 'error', 'timeout'];
/** The stages in the order a cutover moves through them. */
export const STAGES = ['v1', 'shadow', 'live', 'ramp', 'v2'] as const;

/** The stages rows count pairs in: the known ones in order, then any a later version wrote, by name. */
const stagesOf = (rows: readonly MappingSummary[]): string[] => [
  ...STAGES,
  ...[...new Set(rows.flatMap((row) => Object.keys(row.stages)))].filter((stage) => !(STAGES as readonly string[]).includes(stage)).sort(),
];
/** The pairs-per-stage table: its header and each row's counts, the stages found once for all rows. */
export const stageTable = (rows: readonly MappingSummary[]): [string[], string[][]] => {
  const stages = stagesOf(rows);
  return [
    ['mapping', ...stages],
    rows.map((row) => [row.mapping, ...stages.map((stage) => String(Object.hasOwn(row.stages, stage) ? row.stages[stage] : 0))]),
  ];
};
/** A line saying how many lines of the file were skipped, or nothing when none was. */
export const skippedNote = (skipped: number): string[] =>
  skipped === 0 ? [] : [`${skipped} line(s) of the file could not be read as pair records and are counted nowhere in this report.`];

/**
 * A share as a percentage to one decimal, with as many more as it takes for a share short of 1 (or above 0) not to
 * read 100.0% (or 0.0%): one mismatch in ten thousand is 99.99%, never a rounded-up pass.
 */
export const percent = (share: number | undefined): string => {
  if (share === undefined) return '–';
  const rounded = (digits: number) => (share * 100).toFixed(digits);
  const hides = (text: string) => (share < 1 && Number(text) >= 100) || (share > 0 && Number(text) <= 0);
  // A share of counts needs at most 17 decimals to tell; past 20, only a share of no counts could (5e-324, say).
  for (let digits = 1; digits <= 20; digits += 1) if (!hides(rounded(digits))) return `${rounded(digits)}%`;
  return `${(share * 100).toPrecision(3)}%`;
};
export const latency = (side: Percentiles | undefined): string => (side ? `${side.p50} / ${side.p99}` : '–');
/** A difference's value as a short literal: strings quoted, absent values named. */
export const literal = (value: unknown): string => (value === undefined ? '(absent)' : JSON.stringify(value));

/** The cells of one mapping's results row: pairs, each result, consistency. */
export const resultCells = (summary: MappingSummary): string[] => [
  summary.mapping,
  String(summary.pairs),
  ...RESULTS.map((result) => String(summary.results[result])),
  percent(summary.consistency),
];

/**
 * One line per mapping with agreeing pairs whose mirror could not check a rule (see `PairRecord.unchecked`), or
 * nothing when none had one: their consistency goes only as far as those rules.
 */
export const uncheckedNotes = (mappings: readonly MappingSummary[]): string[] =>
  mappings.flatMap(({ mapping, unchecked }) => {
    const rules = Object.entries(unchecked).sort(([a], [b]) => a.localeCompare(b));
    if (rules.length === 0) return [];
    const counts = rules.map(([rule, count]) => `${rule} ${count}`).join(', ');
    return [
      `${mapping}: agreeing pairs the shadow could not check for a rule (${counts}): a step needs an element not described to the adapter (describe it in its elements), v1's end state did not say what its journey held, or a step's schema was not listed.`,
    ];
  });
