import { z } from 'zod';
import type { V1JourneyStatus } from '../status.js';
import { DEFAULT_DECISION_OUTCOMES, V1_RESULT_LAYOUTS } from './change-register.js';

/** v2's overall decisions, which a v1 dialect spells in its own words. */
export const DECISIONS = Object.keys(DEFAULT_DECISION_OUTCOMES) as (keyof typeof DEFAULT_DECISION_OUTCOMES)[];
export type Decision = keyof typeof DEFAULT_DECISION_OUTCOMES;

const V1StatusName = z.enum(['InProgress', 'Completed', 'Failed', 'Paused']);

/**
 * How one v1 journey answered its callers. Live v1 tenants differed, and legacy code reads exactly what its
 * tenant wrote, so a drop-in answers each replaced journey in that journey's dialect. Every field defaults to
 * the specification's form.
 */
export const V1Dialect = z.strictObject({
  /**
   * Where the flow sits: `data.process.flow` (the specification) or `data.context.process.flow` (a live
   * caller). @default 'process'
   */
  layout: z.enum(Object.keys(V1_RESULT_LAYOUTS) as [keyof typeof V1_RESULT_LAYOUTS]).default('process'),
  /**
   * Leave `data`'s results container (`data.context` or `data.process`) out until the decision exists: a live
   * caller reads its absence as "still pending" and throws on a flow without a decision. @default false
   */
  omitUntilDecided: z.boolean().default(false),
  /**
   * v2 step nodeId → the v1 flow key (the v1 variantId) of the same module, and v2 interaction resource id → the
   * v1 variantId of the same task; unmapped ones keep their v2 id. @default {}
   */
  flowKeys: z.record(z.string().min(1), z.string().min(1)).default({}),
  /**
   * Members every flow entry carries besides `result` and `subject`, e.g. `{ "_ggo": {} }`: an earlier live
   * caller kept only entries that had `_ggo`. @default {}
   */
  entryFields: z.record(z.string().min(1), z.unknown()).default({}),
  /** The overall decision's flow entry. */
  decision: z
    .strictObject({
      /** Its flow key. @default 'decision' */
      key: z.string().min(1).default('decision'),
      /** Its `result.outcome` for each v2 decision, e.g. `{ "Accept": "Decision: Pass 1+1" }`. @default the specification's wording */
      outcomes: z
        .strictObject({ Accept: z.string().min(1), Reject: z.string().min(1), 'Manual review': z.string().min(1) })
        .partial()
        .prefault({})
        .transform((given): Readonly<Record<Decision, string>> => ({ ...DEFAULT_DECISION_OUTCOMES, ...given })),
    })
    .prefault({}),
  /** How each v1 status is spelled, e.g. `{ "Failed": "Error" }`. @default the v1 enumeration */
  statuses: z.partialRecord(V1StatusName, z.string().min(1)).default({}),
  /**
   * When start answered: as the request asked (`context.config.async`), always once the journey ended or needed
   * input, or always at once. @default 'as-requested'
   */
  start: z.enum(['as-requested', 'sync', 'async']).default('as-requested'),
});
export type V1Dialect = z.output<typeof V1Dialect>;
export type V1DialectInput = z.input<typeof V1Dialect>;

/**
 * A v1 status as the dialect spells it on the wire, e.g. `Failed` → `Error`. Only answers written as JSON are
 * spelled so: the typed `V1Api` answers the v1 enumeration, as the v1 client reads every spelling.
 */
export const spelledStatus = (status: V1JourneyStatus, dialect: V1Dialect): string => dialect.statuses[status] ?? status;

/** The specification's dialect: what a plain journey-map entry means. */
export const SPECIFICATION_DIALECT: V1Dialect = V1Dialect.parse({});

/** A journey-map entry that names the dialect of the v1 journey it replaces. */
export const DialectEntry = z.strictObject({ v2: z.string().min(1), dialect: V1Dialect.default(SPECIFICATION_DIALECT) });

/**
 * One journey-map entry: the v2 resourceId that replaces a v1 journey, alone (the specification's dialect) or
 * with the dialect the v1 journey answered in.
 */
export type JourneyMapEntryInput = string | z.input<typeof DialectEntry>;
