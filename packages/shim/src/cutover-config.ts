import { CutoverMappingSchema, checkRollbackWindows, RollbackThresholdsSchema } from '@journey-bridge/cutover';
import { z } from 'zod';
import { hasNoUserInfo, NO_USER_INFO } from './user-info.js';

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
export const CutoverFile = z
  .strictObject({
    /** The v1 base the v1 side is called at, e.g. `https://eu.<platform host>/captain/api/`. */
    v1Upstream: z.url({ protocol: /^https?$/ }).refine(hasNoUserInfo, NO_USER_INFO),
    mappings: z.array(CutoverMappingSchema).min(1),
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
    rollback: RollbackThresholdsSchema.default({}),
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
  })
  .superRefine(({ rollback, mappings }, context) => checkRollbackWindows(rollback, mappings, context));
export type CutoverFile = z.output<typeof CutoverFile>;
