import { constants } from 'node:os';
import { V1Dialect } from '@journey-bridge/contract';
import { z } from 'zod';
import type { CutoverOptions } from './cutover.js';
import { CutoverOptionsError } from './errors/cutover-options-error.js';
import type { CutoverMapping, RollbackRule, Stage, StageOverride } from './types.js';

const Share = z.number().min(0).max(1);

/** A stage, e.g. `{ kind: 'shadow', sample: 0.1 }` or `{ kind: 'ramp', percent: 25 }`; nothing else in it. */
export const StageSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('v1') }),
  z.strictObject({ kind: z.literal('shadow'), sample: Share }),
  z.strictObject({ kind: z.literal('live'), sample: Share }),
  z.strictObject({ kind: z.literal('ramp'), percent: z.number().min(0).max(100) }),
  z.strictObject({ kind: z.literal('v2') }),
]);

/** Rollback thresholds (`RollbackRule`); any left out take the defaults. */
export const RollbackThresholdsSchema = z
  .strictObject({
    consistencyBelow: Share,
    minPairs: z.number().int().positive(),
    errorRateMargin: Share,
    minCalls: z.number().int().positive(),
    window: z.number().int().positive(),
    shadowSample: Share,
    // Its old name: refused with the new one, rather than as a key nobody knows (or, worse, ignored).
    liveSample: z.never({ error: 'renamed shadowSample: a ramp now steps back to shadow, never to live' }),
  })
  .partial();

/** The rollback thresholds a mapping takes where neither it nor the options give one. */
export const DEFAULT_ROLLBACK: RollbackRule = {
  consistencyBelow: 0.99,
  minPairs: 200,
  errorRateMargin: 0.05,
  minCalls: 200,
  window: 1000,
  shadowSample: 0.1,
};

type Thresholds = z.output<typeof RollbackThresholdsSchema>;

/**
 * Refuses thresholds that can never be met: the window keeps `window` pairs and calls, so a `minPairs` or
 * `minCalls` above it would switch the automatic rollback off without a word. Checked on each mapping's own
 * thresholds over the shared ones over the defaults, as the cutover merges them; reported at the mapping's own
 * `rollback` when it sets either number, else at the shared one.
 */
export function checkRollbackWindows(
  shared: Thresholds | undefined,
  mappings: readonly { readonly rollback?: Thresholds | undefined }[],
  context: z.core.$RefinementCtx,
): void {
  const reported = new Set<string>();
  mappings.forEach(({ rollback: own }, index) => {
    const rule = { ...DEFAULT_ROLLBACK, ...shared, ...own };
    for (const minimum of ['minPairs', 'minCalls'] as const) {
      if (rule[minimum] <= rule.window) continue;
      const ownNumbers = own?.[minimum] !== undefined || own?.window !== undefined;
      const path = ownNumbers ? ['mappings', index, 'rollback', minimum] : ['rollback', minimum];
      if (reported.has(path.join('.'))) continue;
      reported.add(path.join('.'));
      context.addIssue({
        code: 'custom',
        path,
        message: `${minimum} (${rule[minimum]}) is above window (${rule.window}), which keeps at most ${rule.window}: the automatic rollback could never act`,
      });
    }
  });
}

/** A journey under cutover (`CutoverMapping`), as `createCutover` and the shim's cutover file take it. */
export const CutoverMappingSchema = z.strictObject({
  // The kill file names one mapping per line, and logs and metrics carry the name: no line break, no control character.
  name: z
    .string()
    .min(1)
    .regex(
      /^(?!\s)(?!.*\s$)\P{Cc}+$/u,
      'must hold no line break or other control character, nor start or end with a space (the kill file names one mapping per trimmed line)',
    )
    .optional(),
  v1: z.string().min(1),
  v2: z.string().min(1),
  dialect: V1Dialect.optional(),
  stage: StageSchema,
  shadowOn: z.union([z.literal('production'), z.strictObject({ preview: z.string().min(1) })]).optional(),
  // Infinity, no cap, is no number to zod.
  dailyCap: z
    .union([
      z.number().int().nonnegative(),
      z.custom<number>((cap) => cap === Number.POSITIVE_INFINITY, 'expected a whole number (Infinity: no cap)'),
    ])
    .optional(),
  rollback: RollbackThresholdsSchema.optional(),
  ignore: z
    .array(z.strictObject({ module: z.string().optional(), field: z.string().optional(), reason: z.string().optional() }))
    .optional(),
}) satisfies z.ZodType<CutoverMapping>;

const Milliseconds = z.number().int().positive();

const isObject = (value: unknown): value is Record<string, unknown> =>
  (typeof value === 'object' || typeof value === 'function') && value !== null;

/** An object with each of `methods`; any object passes through as it is (an instance keeps its class). */
const withMethods = <T>(what: string, methods: readonly string[]) =>
  z.custom<T>(
    (value) => isObject(value) && methods.every((method) => typeof value[method] === 'function'),
    `expected ${what} (an object with ${methods.join(', ')})`,
  );

const isCloneable = (value: unknown): boolean => {
  try {
    structuredClone(value);
    return true;
  } catch {
    return false;
  }
};

const decodableUserInfo = (url: string): boolean => {
  try {
    const { username, password } = new URL(url);
    decodeURIComponent(username);
    decodeURIComponent(password);
    return true;
  } catch {
    return false;
  }
};

const aFunction = <T>() => z.custom<T>((value) => typeof value === 'function', 'expected a function');

/** Signals a handler can never receive: a kill switch on one would never fire (Node refuses to listen for them). */
const UNCATCHABLE = new Set(['SIGKILL', 'SIGSTOP']);

const V1_METHODS = ['startJourney', 'listTasks', 'listTasksWithSchema', 'getTaskSchema', 'updateTask', 'fetchState'] as const;
const STORE_METHODS = ['place', 'placementOf', 'hold', 'take', 'increment', 'overrideOf', 'setOverride', 'close'] as const;

/**
 * `CutoverOptions` as data: every member checked for its type and range, unknown members refused. Functions and
 * objects with methods (the sides, the store, the registry) pass through as given.
 */
const CutoverOptionsSchema = z
  .strictObject({
    v1: withMethods('a V1Api', V1_METHODS),
    v2: withMethods('a V1Api', V1_METHODS),
    mappings: z.array(CutoverMappingSchema).min(1),
    store: withMethods('a PairingStore', STORE_METHODS).optional(),
    publish: aFunction().optional(),
    recordOutcomes: z.boolean().optional(),
    shadow: z
      .strictObject({
        timeoutMs: Milliseconds,
        queueSize: z.number().int().positive(),
        pollIntervalMs: Milliseconds,
        quietMs: z.number().int().nonnegative(),
        thread: z.strictObject({
          // Absolute: a relative specifier would be resolved against the thread's entry, not the caller's module.
          module: z.union([
            z.instanceof(URL),
            z.string().refine((text) => URL.canParse(text), "expected an absolute URL (new URL('./sides.js', import.meta.url))"),
          ]),
          // Checked here, not when the thread starts: by then the metrics are registered.
          data: z
            .unknown()
            .refine(
              (data) => isCloneable(data),
              'expected data a structured clone can copy to the thread (no functions, no class instances with private state)',
            )
            .optional(),
          lowPriority: z.boolean().optional(),
        }),
      })
      .partial()
      .optional(),
    rollback: RollbackThresholdsSchema.optional(),
    webhook: z
      .strictObject({
        // Its user information is sent as Basic authorization, decoded: never quoted back (it is a credential).
        url: z.preprocess(
          (url) => (url instanceof URL ? url.href : url),
          z.url({ protocol: /^https?$/ }).refine(decodableUserInfo, 'its user information is not valid percent-encoding'),
        ),
        timeoutMs: Milliseconds.optional(),
      })
      .optional(),
    killSwitch: z
      .strictObject({
        signal: z
          .string()
          .refine(
            (name) => name in constants.signals && !UNCATCHABLE.has(name),
            `expected a signal this process can catch, such as SIGUSR2`,
          )
          .optional(),
        file: z.string().min(1).optional(),
        filePollIntervalMs: Milliseconds.optional(),
      })
      .optional(),
    registry: withMethods('a prom-client Registry', ['registerMetric', 'getSingleMetric']).optional(),
    logger: withMethods('a logger', ['warn', 'error']).optional(),
    storeWaitMs: z.number().nonnegative().optional(),
    placementTtlMs: Milliseconds.optional(),
    random: aFunction().optional(),
    fetch: aFunction().optional(),
    onStageChange: aFunction().optional(),
  })
  .superRefine(({ rollback, mappings }, context) => checkRollbackWindows(rollback, mappings, context));

/** Where an issue is, as code writes it: `mappings[0].stage.kind`. */
const pathOf = (path: readonly PropertyKey[]): string =>
  path.map((key, index) => (typeof key === 'number' ? `[${key}]` : `${index === 0 ? '' : '.'}${String(key)}`)).join('');

/**
 * `options` as the cutover runs them, each dialect with its defaults filled in as the shim's file gets them; throws
 * `CutoverOptionsError` naming every member that is wrong and what it expects.
 */
export function parseCutoverOptions(options: unknown): CutoverOptions {
  const parsed = CutoverOptionsSchema.safeParse(options);
  // The schema's output is the options' own type but for what `z.custom` passes through as given.
  if (parsed.success) return parsed.data as CutoverOptions;
  const problems = parsed.error.issues.map((issue) => `${pathOf(issue.path) || 'options'}: ${issue.message}`);
  throw new CutoverOptionsError(`createCutover: ${problems.join('; ')}`);
}

/** A stage handed to `setStage`, as the schema writes it; throws `CutoverOptionsError` naming what is wrong. */
export function parseStage(mapping: string, stage: unknown): Stage {
  const parsed = StageSchema.safeParse(stage);
  if (parsed.success) return parsed.data;
  throw new CutoverOptionsError(
    `setStage(${JSON.stringify(mapping)}): ${parsed.error.issues.map((issue) => `${pathOf(['stage', ...issue.path])}: ${issue.message}`).join('; ')}`,
  );
}

/** A stage as a store may hold it: a newer version's extra members are no reason to lose a kill. */
const StoredStage = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('v1') }),
  z.object({ kind: z.literal('shadow'), sample: Share }),
  z.object({ kind: z.literal('live'), sample: Share }),
  z.object({ kind: z.literal('ramp'), percent: z.number().min(0).max(100) }),
  z.object({ kind: z.literal('v2') }),
]);

const StoredOverride = z.object({
  stage: StoredStage,
  from: StoredStage,
  reason: z.enum(['rollback', 'kill', 'operator']),
  at: z.string().refine((at) => Number.isFinite(Date.parse(at)), 'expected an ISO 8601 time'),
});

/**
 * A stage override read from a store, which anyone who can write to it may have written: the override when it is
 * one, `undefined` otherwise.
 */
export function readStoredOverride(stored: unknown): StageOverride | undefined {
  const parsed = StoredOverride.safeParse(stored);
  return parsed.success ? parsed.data : undefined;
}
