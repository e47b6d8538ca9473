import { emptyResults } from '../calibration.js';
import type { ComparisonResult, PairRecord, Side, Stage } from '../types.js';

/** p50 and p99 of one side's start-to-end latency, in ms, by nearest rank. */
export interface Percentiles {
  readonly p50: number;
  readonly p99: number;
  readonly count: number;
}

/** Pairs of one mapping (or of all, as `(all)`) and how they compared. */
export interface MappingSummary {
  readonly mapping: string;
  readonly pairs: number;
  readonly results: Readonly<Record<ComparisonResult, number>>;
  /**
   * Share of the pairs with an outcome on both sides that did not mismatch (`match`, `reasonable`, `ignored`),
   * 0 to 1; `undefined` when no pair had both.
   */
  readonly consistency: number | undefined;
  /** Share of pairs in which each side itself failed or timed out, 0 to 1: a pair lost to the store is neither's. */
  readonly errorRate: Readonly<Record<Side, number>>;
  /**
   * Pairs whose shadow's data the store lost or could not give back (`ShadowDataLostError`, `SealedSubjectError`):
   * `error` pairs that say nothing about either side.
   */
  readonly lostToStore: number;
  /**
   * Pairs whose ends agreed (`match`, `reasonable`, `ignored`) while a rule of the mirror could not be checked
   * (`PairRecord.unchecked`), by rule: consistent only as far as that rule goes.
   */
  readonly unchecked: Readonly<Record<string, number>>;
  readonly latency: Readonly<Record<Side, Percentiles | undefined>>;
  /** Pairs per stage kind; a stage this version does not know (a later one wrote it) under its name. */
  readonly stages: Readonly<Partial<Record<Stage['kind'], number>> & Record<string, number>>;
}

/**
 * A module and field that differed in mismatching pairs, with a few of the values seen: one per register entry
 * that explains it, and one for the pairs nothing explains, so an explained difference never covers others.
 */
export interface FieldSummary {
  readonly mapping: string;
  readonly module: string;
  readonly field: string;
  readonly count: number;
  /** The register entry that explains these pairs' difference, when one does. */
  readonly explainedBy: string | undefined;
  /**
   * Up to three distinct v1 → v2 value pairs, each with the (hashed) v1 instance of one pair that showed it; a
   * value the side did not have is left out.
   */
  readonly examples: readonly { readonly v1?: unknown; readonly v2?: unknown; readonly v1Instance: string }[];
}

/** Consistency of one mapping within one slice of the report's time span. */
export interface TimelinePoint {
  readonly mapping: string;
  /** Start of the slice, ISO 8601. */
  readonly at: string;
  readonly pairs: number;
  readonly consistency: number;
}

/** Everything `journey-bridge compare` prints, and the HTML page shows. */
export interface ReportSummary {
  readonly pairs: number;
  /** Lines of the file that could not be read as records, so are in nothing else here: what the report cannot see. */
  readonly skipped: number;
  /** The earliest and latest record's time, as the record gives it (ISO 8601, with its offset). */
  readonly from: string | undefined;
  readonly to: string | undefined;
  readonly overall: MappingSummary;
  readonly mappings: readonly MappingSummary[];
  /** Most frequent first. */
  readonly fields: readonly FieldSummary[];
  readonly timeline: readonly TimelinePoint[];
}

/** Options of `summariseRecords`. */
export interface SummaryOptions {
  /** Most mismatching fields listed. @default 10 */
  fields?: number;
  /** Slices the time span is cut into for the consistency chart. @default 24 */
  slices?: number;
  /** Lines of the records' file that were not read as records, for `ReportSummary.skipped`. @default 0 */
  skipped?: number;
}

const CONSISTENT: readonly ComparisonResult[] = ['match', 'reasonable', 'ignored'];
const SIDES: readonly Side[] = ['v1', 'v2'];
/** The errors, by the name a record gives them, that a pair's shadow ends with when the store lost its data. */
const STORE_LOSSES: ReadonlySet<string> = new Set(['ShadowDataLostError', 'SealedSubjectError']);

function percentiles(values: number[]): Percentiles | undefined {
  if (values.length === 0) return undefined;
  const sorted = values.sort((a, b) => a - b);
  const rank = (p: number) => sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)] as number;
  return { p50: rank(0.5), p99: rank(0.99), count: sorted.length };
}

/** The pairs whose outcomes agree (match, reasonable, ignored), and those with an outcome on both sides. */
export function consistentPairs(results: Readonly<Record<ComparisonResult, number>>): { consistent: number; compared: number } {
  const consistent = CONSISTENT.reduce((sum, result) => sum + results[result], 0);
  return { consistent, compared: consistent + results.mismatch };
}

/** Consistent pairs over pairs with both outcomes, or `undefined` when there are none. */
function consistencyOf(results: Readonly<Record<ComparisonResult, number>>): number | undefined {
  const { consistent, compared } = consistentPairs(results);
  return compared === 0 ? undefined : consistent / compared;
}

function summariseMapping(mapping: string, records: readonly PairRecord[]): MappingSummary {
  const results = emptyResults();
  // Without a prototype: a stage is any name a record carries, `constructor` and `__proto__` included.
  const stages: Record<string, number> = Object.create(null);
  const latencies: Record<Side, number[]> = { v1: [], v2: [] };
  const failures: Record<Side, number> = { v1: 0, v2: 0 };
  let lostToStore = 0;
  const unchecked: Record<string, number> = Object.create(null);
  for (const record of records) {
    results[record.result] += 1;
    if (CONSISTENT.includes(record.result)) for (const rule of record.unchecked ?? []) unchecked[rule] = (unchecked[rule] ?? 0) + 1;
    stages[record.stage] = (stages[record.stage] ?? 0) + 1;
    let lost = false;
    for (const side of SIDES) {
      const latency = record.latencyMs[side];
      if (latency !== undefined) latencies[side].push(latency);
      const error = record.errors?.[side];
      if (error !== undefined && STORE_LOSSES.has(error)) lost = true;
      else if (error !== undefined) failures[side] += 1;
    }
    if (lost) lostToStore += 1;
  }
  const rate = (count: number) => (records.length === 0 ? 0 : count / records.length);
  return {
    mapping,
    pairs: records.length,
    results,
    consistency: consistencyOf(results),
    errorRate: { v1: rate(failures.v1), v2: rate(failures.v2) },
    lostToStore,
    unchecked,
    latency: { v1: percentiles(latencies.v1), v2: percentiles(latencies.v2) },
    stages,
  };
}

function mismatchingFields(records: readonly PairRecord[], limit: number): FieldSummary[] {
  const fields = new Map<string, { summary: Omit<FieldSummary, 'count'>; count: number; seen: Set<string> }>();
  for (const record of records) {
    if (record.result !== 'mismatch') continue;
    for (const { module, field, v1, v2, explainedBy } of record.differences) {
      const key = JSON.stringify([record.mapping, module, field, explainedBy ?? null]);
      const entry = fields.get(key) ?? {
        summary: { mapping: record.mapping, module, field, explainedBy, examples: [] },
        count: 0,
        seen: new Set<string>(),
      };
      entry.count += 1;
      // A value the side did not have is not a null it had: two examples.
      const example = JSON.stringify([v1 === undefined, v1 ?? null, v2 === undefined, v2 ?? null]);
      if (entry.summary.examples.length < 3 && !entry.seen.has(example)) {
        entry.seen.add(example);
        (entry.summary.examples as FieldSummary['examples'][number][]).push({
          ...(v1 !== undefined && { v1 }),
          ...(v2 !== undefined && { v2 }),
          v1Instance: record.v1Instance,
        });
      }
      fields.set(key, entry);
    }
  }
  return [...fields.values()]
    .map(({ summary, count }) => ({ ...summary, count }))
    .sort((a, b) => b.count - a.count || a.mapping.localeCompare(b.mapping) || a.module.localeCompare(b.module))
    .slice(0, limit);
}

/** Each mapping's consistency per slice of the time span; slices without a compared pair are left out. */
function timelineOf(records: readonly PairRecord[], slices: number): TimelinePoint[] {
  const times = records.map((record) => Date.parse(record.at));
  // A reduce, not Math.min(...times): a report of a busy day has more records than a call has room for arguments.
  const first = times.reduce((a, b) => Math.min(a, b));
  const width = Math.max(1, (times.reduce((a, b) => Math.max(a, b)) - first) / slices);
  const cells = new Map<string, { mapping: string; slice: number; results: Record<ComparisonResult, number> }>();
  records.forEach((record, index) => {
    const slice = Math.min(slices - 1, Math.floor(((times[index] as number) - first) / width));
    const key = JSON.stringify([record.mapping, slice]);
    const cell = cells.get(key) ?? { mapping: record.mapping, slice, results: emptyResults() };
    cell.results[record.result] += 1;
    cells.set(key, cell);
  });
  return [...cells.values()]
    .flatMap(({ mapping, slice, results }) => {
      const consistency = consistencyOf(results);
      const pairs = Object.values(results).reduce((sum, count) => sum + count, 0);
      return consistency === undefined ? [] : [{ mapping, at: new Date(first + slice * width).toISOString(), pairs, consistency }];
    })
    .sort((a, b) => a.mapping.localeCompare(b.mapping) || a.at.localeCompare(b.at));
}

/**
 * The report of a cutover's pair records: pairs by result per mapping and overall, consistency, error rates and
 * p50/p99 latency per side, pairs per stage, the most frequent mismatching fields with examples, and each
 * mapping's consistency over time.
 */
export function summariseRecords(records: readonly PairRecord[], options: SummaryOptions = {}): ReportSummary {
  const { fields = 10, slices = 24, skipped = 0 } = options;
  const byMapping = new Map<string, PairRecord[]>();
  for (const record of records) {
    const list = byMapping.get(record.mapping) ?? [];
    list.push(record);
    byMapping.set(record.mapping, list);
  }
  // By time, not by text: `at` may carry an offset, and 10:00+02:00 is before 09:00Z.
  const earliest = records.reduce<PairRecord | undefined>(
    (first, record) => (first && Date.parse(first.at) <= Date.parse(record.at) ? first : record),
    undefined,
  );
  const latest = records.reduce<PairRecord | undefined>(
    (last, record) => (last && Date.parse(last.at) >= Date.parse(record.at) ? last : record),
    undefined,
  );
  return {
    pairs: records.length,
    skipped,
    from: earliest?.at,
    to: latest?.at,
    overall: summariseMapping('(all)', records),
    mappings: [...byMapping].sort(([a], [b]) => a.localeCompare(b)).map(([mapping, list]) => summariseMapping(mapping, list)),
    fields: mismatchingFields(records, fields),
    timeline: records.length === 0 ? [] : timelineOf(records, slices),
  };
}
