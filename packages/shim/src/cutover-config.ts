import { V1Dialect } from '@journey-bridge/contract';
import { z } from 'zod';

const Share = z.number().min(0).max(1);

/** A stage as the cutover file writes it, e.g. `{ "kind": "shadow", "sample": 0.1 }` or `{ "kind": "ramp", "percent": 25 }`. */
const StageSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('v1') }),
  z.strictObject({ kind: z.literal('shadow'), sample: Share }),
  z.strictObject({ kind: z.literal('live'), sample: Share }),
  z.strictObject({ kind: z.literal('ramp'), percent: z.number().min(0).max(100) }),
  z.strictObject({ kind: z.literal('v2') }),
]);

/** Rollback thresholds; any left out take the cutover's defaults. */
const Thresholds = z
  .strictObject({
    consistencyBelow: Share,
    minPairs: z.number().int().positive(),
    errorRateMargin: Share,
    minCalls: z.number().int().positive(),
    window: z.number().int().positive(),
    shadowSample: Share,
    // Its old name: refused with the new one, rather than as a key nobody knows.
    liveSample: z.never({ error: 'renamed shadowSample: a ramp now steps back to shadow, never to live' }),
  })
  .partial();

const MappingSchema = z.strictObject({
  /** Name in records and metrics. @default the v1 resourceId */
  name: z.string().min(1).optional(),
  /** The v1 resourceId (exact or bare). */
  v1: z.string().min(1),
  /** The v2 resourceId of the republication: the shim's journey map gains `v1 → v2` (with `dialect`). */
  v2: z.string().min(1),
  /** The v1 dialect of this journey. @default the shim's `dialect` */
  dialect: V1Dialect.optional(),
  stage: StageSchema,
  /** @default 'production' */
  shadowOn: z.union([z.literal('production'), z.strictObject({ preview: z.string().min(1) })]).optional(),
  /** @default 1000 */
  dailyCap: z.number().int().nonnegative().optional(),
  rollback: Thresholds.optional(),
  ignore: z
    .array(z.strictObject({ module: z.string().optional(), field: z.string().optional(), reason: z.string().optional() }))
    .optional(),
});

/**
 * `memory`, or a `redis://` (`rediss://`) URL whose path is empty or a database number: ioredis would send
 * `SELECT NaN` for `/abc`, which Redis refuses only once the shim is listening.
 */
export const StoreSetting = z.union([
  z.literal('memory'),
  z
    .url({ protocol: /^rediss?$/ })
    .refine((url) => !URL.canParse(url) || /^\/?\d{0,9}$/.test(new URL(url).pathname), 'the path must be a database number'),
]);

/** The file `journey-bridge serve --cutover FILE` reads (docs/cutover.md). */
export const CutoverFile = z.strictObject({
  /** The v1 base the v1 side is called at, e.g. `https://eu.<platform host>/captain/api/`. */
  v1Upstream: z.url({ protocol: /^https?$/ }),
  mappings: z.array(MappingSchema).min(1),
  /** `memory` (one replica) or a `redis://` URL every replica shares; `--store` wins. @default 'memory' */
  store: StoreSetting.default('memory'),
  shadow: z
    .strictObject({
      timeoutMs: z.number().int().positive(),
      queueSize: z.number().int().positive(),
      pollIntervalMs: z.number().int().positive(),
      /** How long the callers' calls must leave a gap before a shadow call goes out (see `ShadowOptions`). @default 2 */
      quietMs: z.number().int().nonnegative(),
      /**
       * Runs the shadow's calls on a thread of their own at the lowest CPU priority, off the primary's (not when the
       * shim is embedded with a fetch of its caller's: that cannot cross to a thread). @default true
       */
      thread: z.boolean(),
    })
    .partial()
    .default({}),
  /** Thresholds of every mapping; a mapping's own `rollback` wins. */
  rollback: Thresholds.default({}),
  /** Told of each rollback and kill by a JSON POST. @default none */
  webhook: z.url({ protocol: /^https?$/ }).optional(),
  /** The JSON-lines file pair records are appended to. @default none */
  records: z.string().min(1).optional(),
  /** Hash instance ids in records. @default true */
  hashInstanceIds: z.boolean().default(true),
  /** Put both normal outcomes in each record, for `journey-bridge compare --learn`. @default false */
  recordOutcomes: z.boolean().default(false),
  /**
   * Calibration: the shadow runs the v1 publication again (both sides are the v1 client), so every difference
   * the records show is noise, not migration: the noise floor. @default false
   */
  calibration: z.boolean().default(false),
  /** HMAC key of hashed instance ids; give every replica the same to correlate their records. @default random per process */
  recordSalt: z.string().min(16).optional(),
  /** A file whose appearance kills the mappings named in it (all when empty). @default none */
  killFile: z.string().min(1).optional(),
});
export type CutoverFile = z.output<typeof CutoverFile>;
