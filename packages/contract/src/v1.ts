import { z } from 'zod';
import { isValidFilterKey } from './migration/filter-flow.js';
import { JourneyStatus, statusNamed, toV1Status } from './status.js';
import { Subject } from './subject.js';
import { Delivery, ResourceId } from './v2.js';

// ---- requests: what the specification requires is enforced; fields it does not show are dropped --------------
// Live v1 accepted fields the specification does not show (`journeyId`, `filter`, `data`, `context: string[]`), and
// working code sends them: refusing them would break it. `strippedFields` names what was dropped, for a debug line.

/** v1 start: the journey ran synchronously unless `context.config.async` was true. */
export const V1StartRequest = z.object({
  resourceId: ResourceId,
  context: z.object({
    config: z.object({ async: z.boolean().optional(), delivery: Delivery.optional() }).optional(),
    subject: Subject.default({}),
  }),
});
export type V1StartRequest = z.input<typeof V1StartRequest>;

/** `Save`, `Complete` and `Validate`; guides also show `COMPLETE`, so case is not significant. */
export const V1Intent = z.preprocess(
  (value) => (typeof value === 'string' ? value.charAt(0).toUpperCase() + value.slice(1).toLowerCase() : value),
  z.enum(['Save', 'Complete', 'Validate']),
);
export type V1Intent = z.infer<typeof V1Intent>;

/** An identifier in a request: v1 ids are 16–64 characters; anything past 128 is refused outright. */
const RequestId = z.string().min(1).max(128);

export const TaskListRequest = z.object({ instanceId: RequestId });
export type TaskListRequest = z.infer<typeof TaskListRequest>;

export const TaskSchemaRequest = z.object({ taskId: RequestId });
export type TaskSchemaRequest = z.infer<typeof TaskSchemaRequest>;

export const TaskUpdateRequest = z.object({
  intent: V1Intent,
  instanceId: RequestId,
  taskId: RequestId,
  context: z.object({ subject: Subject }),
});
export type TaskUpdateRequest = z.input<typeof TaskUpdateRequest>;

export const V1StateRequest = z.object({
  instanceId: RequestId,
  filterKeys: z
    .array(z.string().max(200).refine(isValidFilterKey, 'must be an exact key or a valid /regular expression/'))
    .max(50)
    .optional(),
});
export type V1StateRequest = z.infer<typeof V1StateRequest>;

/** A member name that reads as a field name; any other (an email, a sentence, an id with spaces) may be data. */
const FIELD_NAME = /^[A-Za-z_$][\w$-]{0,63}$/;
/**
 * Three digits or more: a field name carries one or two (`addressLine1`), an identity number runs on (`AB123456C`,
 * an IBAN), a token or a base64 blob scatters them (`c2VsZmllLWltZy1r…`).
 */
const readsAsFieldName = (key: string): boolean => FIELD_NAME.test(key) && (key.match(/\d/g)?.length ?? 0) < 3;

/**
 * Dotted paths of the members of `input` that parsing left out of `output` (fields a request schema does not
 * know), at most `limit` of them. Names only: values may be identity data, and so may a key of a map (`{ "jane@…":
 * … }`, or an identity number), so a name that does not read as a field name is given as `<key>`.
 */
export function strippedFields(input: unknown, output: unknown, limit = 20): string[] {
  const found: string[] = [];
  const visit = (given: unknown, kept: unknown, path: string) => {
    if (given === null || typeof given !== 'object' || Array.isArray(given)) return;
    if (kept === null || typeof kept !== 'object' || Array.isArray(kept)) return;
    for (const key of Object.keys(given)) {
      if (found.length >= limit) return;
      const name = readsAsFieldName(key) ? key : '<key>';
      const at = path ? `${path}.${name}` : name;
      if (!Object.hasOwn(kept, key)) found.push(at);
      else visit((given as Record<string, unknown>)[key], (kept as Record<string, unknown>)[key], at);
    }
  };
  visit(input, output, '');
  return found;
}

// ---- responses: tolerant, unknown fields pass -----------------------------------------------------------------

/**
 * A response status: `Error`, the guide's spelling of a failure, is read as the v1 `Failed`, and a tenant's own
 * spelling of a status (`IN_PROGRESS`) as the status it names.
 */
const V1ResponseStatus = z
  .preprocess((value) => (typeof value === 'string' ? statusNamed(value) : value), JourneyStatus)
  .transform(toV1Status);

/** `taskId` and `instanceId` are 16–64 characters on the live platform. */
export const V1Id = z.string().min(16).max(64);

export const V1Task = z.looseObject({
  taskId: V1Id,
  variantId: z.string().optional(),
});
export type V1Task = z.infer<typeof V1Task>;

export const V1TaskList = z.looseObject({
  instanceId: z.string(),
  status: V1ResponseStatus,
  tasks: z.array(V1Task),
});
export type V1TaskList = z.infer<typeof V1TaskList>;

/** A Draft-07 JSON Schema as v1 serves it for a task. */
export const V1TaskSchema = z.looseObject({
  $schema: z.string(),
  type: z.string(),
  properties: z.record(z.string(), z.unknown()),
  required: z.array(z.string()),
});
export type V1TaskSchema = z.infer<typeof V1TaskSchema>;

export const V1TaskListWithSchema = z.looseObject({
  instanceId: z.string(),
  status: V1ResponseStatus,
  tasks: z.array(V1Task.extend({ schema: z.looseObject({ $ref: z.string().regex(/^#\/schemas\//) }) })),
  schemas: z.record(z.string(), V1TaskSchema),
});
export type V1TaskListWithSchema = z.infer<typeof V1TaskListWithSchema>;

/**
 * The answer of a task update. The specification does not show it; the vendor's spec gives `{ instanceId, taskId }`.
 * Neither is required: a v1 service that answers another object still took the update, and the answer is relayed
 * as it came.
 */
export const TaskUpdateResponse = z.looseObject({ instanceId: z.string().optional(), taskId: z.string().optional() });
export type TaskUpdateResponse = z.infer<typeof TaskUpdateResponse>;

/** One entry of `data.process.flow`, keyed by `variantId`. */
export const V1FlowEntry = z.looseObject({
  result: z.looseObject({ outcome: z.string().optional() }).optional(),
  subject: Subject.optional(),
});
export type V1FlowEntry = z.infer<typeof V1FlowEntry>;

const V1Process = z.looseObject({ flow: z.record(z.string(), V1FlowEntry).default({}) });

const V1Data = z.looseObject({
  process: V1Process.optional(),
  context: z.looseObject({ process: V1Process.optional(), result: z.looseObject({ status: z.string() }).optional() }).optional(),
});

/**
 * v1 state. Results are at `data.process.flow` (the specification); one live caller reads
 * `data.context.process.flow`, so both are accepted.
 */
export const V1State = z.looseObject({
  instanceId: z.string(),
  status: V1ResponseStatus,
  metaData: z.looseObject({ createdTime: z.string(), completedTime: z.string() }).optional(),
  data: V1Data.default({}),
});
export type V1State = z.infer<typeof V1State>;

/** A synchronous v1 start answers the state; an asynchronous one only `{ instanceId }` (and its status). */
export const V1StartResponse = z.looseObject({
  instanceId: z.string(),
  status: V1ResponseStatus.optional(),
  metaData: V1State.shape.metaData,
  data: V1Data.optional(),
});
export type V1StartResponse = z.infer<typeof V1StartResponse>;

/** The flow of a v1 state, wherever the caller's tenant put it. */
export function flowOf(state: V1State): Record<string, V1FlowEntry> {
  // `flow` defaults to `{}`, so a `data.process` without one must not hide the live caller's place.
  const specified = state.data.process?.flow ?? {};
  return Object.keys(specified).length > 0 ? specified : (state.data.context?.process?.flow ?? specified);
}
