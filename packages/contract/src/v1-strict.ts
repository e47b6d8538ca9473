import { z } from 'zod';
import { SPECIFICATION_DIALECT, type V1Dialect } from './migration/v1-dialect.js';
import { V1JourneyStatus } from './status.js';
import { Subject } from './subject.js';

/**
 * The v1 responses exactly as journey-bridge produces them: the specification's fields and no others, the v1
 * status enumeration only (never `Error`), ids of 16–64 characters. The tolerant schemas in `v1.ts` are for
 * reading a live service; these check what our own v1 surfaces (the adapter, the shim, the simulator) emit.
 */
const Id = z.string().min(16).max(64);

const StrictTask = z.strictObject({ taskId: Id, variantId: z.string().min(1) });

export const StrictV1TaskList = z.strictObject({ instanceId: z.string().min(1), status: V1JourneyStatus, tasks: z.array(StrictTask) });

export const StrictV1TaskSchema = z.looseObject({
  $schema: z.literal('http://json-schema.org/draft-07/schema#'),
  type: z.literal('object'),
  properties: z.strictObject({ context: z.record(z.string(), z.unknown()) }),
  required: z.tuple([z.literal('context')]),
});

export const StrictV1TaskListWithSchema = z
  .strictObject({
    instanceId: z.string().min(1),
    status: V1JourneyStatus,
    tasks: z.array(StrictTask.extend({ schema: z.strictObject({ $ref: z.string().regex(/^#\/schemas\/.+/) }) })),
    schemas: z.record(z.string(), StrictV1TaskSchema),
  })
  .refine((list) => list.tasks.every((task) => task.schema.$ref.slice('#/schemas/'.length) in list.schemas), {
    message: 'every task refers to a schema in schemas',
  });

export const StrictTaskUpdateResponse = z.strictObject({ instanceId: z.string().min(1), taskId: Id, valid: z.literal(true).optional() });

const StrictResult = z.strictObject({
  outcome: z.string(),
  classification: z.string().optional(),
  status: z.string().optional(),
  advice: z.record(z.string(), z.unknown()).optional(),
});
const IsoOrEmpty = z.union([z.iso.datetime(), z.literal('')]);

/**
 * The strict v1 state of a journey answered in `dialect`: its layout only, the members it adds to flow entries
 * and nothing else, an empty `data` only where it leaves results out until decided.
 */
export function strictV1StateFor(dialect: V1Dialect) {
  const extras = Object.fromEntries(Object.keys(dialect.entryFields).map((member) => [member, z.unknown()]));
  const flow = z.strictObject({
    flow: z.record(z.string(), z.strictObject({ ...extras, result: StrictResult, subject: Subject.optional() })),
  });
  // The live caller's layout has the overall status beside the flow: `pending` until results are complete.
  const contextResult = z.strictObject({ status: z.enum(['pending', 'complete', 'error', 'timeout']) });
  const withResults =
    dialect.layout === 'process'
      ? z.strictObject({ process: flow })
      : z.strictObject({ context: z.strictObject({ process: flow, result: contextResult }) });
  return z.strictObject({
    instanceId: z.string().min(1),
    status: V1JourneyStatus,
    metaData: z.strictObject({ createdTime: IsoOrEmpty, completedTime: IsoOrEmpty }),
    data: dialect.omitUntilDecided ? z.union([withResults, z.strictObject({})]) : withResults,
  });
}

/** An asynchronous start answers `{ instanceId, status }`; a synchronous one the state. */
export const strictV1StartResponseFor = (dialect: V1Dialect) =>
  z.union([z.strictObject({ instanceId: z.string().min(1), status: V1JourneyStatus }), strictV1StateFor(dialect)]);

/** What the specification's v1 state looks like (either layout is the specification's or a live caller's). */
export const StrictV1State = z.union([
  strictV1StateFor(SPECIFICATION_DIALECT),
  strictV1StateFor({ ...SPECIFICATION_DIALECT, layout: 'context.process' }),
]);
export const StrictV1StartResponse = z.union([z.strictObject({ instanceId: z.string().min(1), status: V1JourneyStatus }), StrictV1State]);

/** The v1 error body, nothing more. */
export const StrictV1ErrorBody = z.strictObject({
  status: z.number().int().min(400).max(599),
  message: z.string().min(1),
  error: z.string().regex(/^[a-z-]+-error$/),
});
