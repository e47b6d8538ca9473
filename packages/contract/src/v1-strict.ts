import { z } from 'zod';
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

const StrictFlowEntry = z.strictObject({
  result: z.strictObject({
    outcome: z.string(),
    classification: z.string().optional(),
    status: z.string().optional(),
    advice: z.record(z.string(), z.unknown()).optional(),
  }),
  subject: Subject.optional(),
});

const StrictFlow = z.strictObject({ flow: z.record(z.string(), StrictFlowEntry) });
const IsoOrEmpty = z.union([z.iso.datetime(), z.literal('')]);

export const StrictV1State = z.strictObject({
  instanceId: z.string().min(1),
  status: V1JourneyStatus,
  metaData: z.strictObject({ createdTime: IsoOrEmpty, completedTime: IsoOrEmpty }),
  data: z.union([z.strictObject({ process: StrictFlow }), z.strictObject({ context: z.strictObject({ process: StrictFlow }) })]),
});

/** An asynchronous start answers `{ instanceId, status }`; a synchronous one the state. */
export const StrictV1StartResponse = z.union([z.strictObject({ instanceId: z.string().min(1), status: V1JourneyStatus }), StrictV1State]);

/** The v1 error body, nothing more. */
export const StrictV1ErrorBody = z.strictObject({
  status: z.number().int().min(400).max(599),
  message: z.string().min(1),
  error: z.string().regex(/^[a-z-]+-error$/),
});
