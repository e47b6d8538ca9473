import { z } from 'zod';

// The response models of a client written in the style of the vendor's TypeScript SDK: every model strict, so a
// field the platform adds or renames fails the parse. Where the SDK contradicts the specification (it requires
// `interaction` while `processing: true`, it models errors as 200 `{ status: "error" }`), the specification's
// shape is modelled instead, as the simulator answers it.

export const TokenResponse = z.strictObject({
  access_token: z.string().min(1),
  token_type: z.literal('Bearer'),
  expires_in: z.number().int().positive(),
});

export const StartResponse = z.strictObject({
  instanceId: z.string().min(16).max(64),
  status: z.literal('started'),
  instanceUrl: z.url().optional(),
});

export const DeviceStartResponse = z.strictObject({ connectToken: z.string().min(1) });
export const DeviceConnectResponse = z.strictObject({ endUserToken: z.string().min(1) });
export const HealthResponse = z.strictObject({ status: z.literal('ok') });
export const SuccessResponse = z.strictObject({ status: z.literal('success') });

const Spec = z.enum(['required', 'optional', 'conditional']);
const Classification = z.enum(['positive', 'negative', 'neutral']);
const JourneyStatus = z.enum(['InProgress', 'Completed', 'Failed', 'Error', 'Paused']);

export const Result = z.strictObject({
  status: z.enum(['pending', 'complete', 'error', 'timeout']),
  outcome: z.string().optional(),
  outcomeClassification: Classification.optional(),
  advice: z.record(z.string(), z.unknown()),
});
export type Result = z.infer<typeof Result>;

const Collect = z.strictObject({ ref: z.string().min(1), spec: Spec, parentSpec: Spec.optional() });

const InteractionModel = z.strictObject({
  grId: z.string().min(1),
  resource: z.strictObject({
    id: z.string().min(1),
    name: z.string().min(1),
    data: z.strictObject({
      pages: z.array(z.strictObject({ id: z.string(), label: z.string(), cards: z.array(z.strictObject({ id: z.string() })) })),
    }),
  }),
  collects: z.array(Collect),
  consumes: z.array(z.unknown()),
});

const Journey = z.strictObject({ status: JourneyStatus });

export const ProcessingInteraction = z.strictObject({
  instanceId: z.string(),
  journey: Journey,
  processing: z.literal(true),
  outstanding: z.array(z.string()).length(0),
});

export const ActiveInteraction = z.strictObject({
  instanceId: z.string(),
  interactionId: z.string().min(1),
  journey: Journey,
  interaction: InteractionModel,
  context: z.strictObject({ subject: z.record(z.string(), z.unknown()) }),
  instructions: z.array(z.string()),
  outstanding: z.array(z.string()),
});

export const EndInteraction = z.strictObject({
  instanceId: z.string(),
  interactionId: z.string().min(1),
  journey: Journey,
  interaction: InteractionModel,
  instructions: z.array(z.string()).length(0),
  outstanding: z.array(z.string()).length(0),
  result: Result,
});

/** What interaction fetch answers: modules running, an interaction to fill, or the end with the result. */
export const FetchResponse = z.union([ProcessingInteraction, ActiveInteraction, EndInteraction]);
export type FetchResponse = z.infer<typeof FetchResponse>;

const StepTiming = z.strictObject({
  startedAt: z.iso.datetime(),
  endedAt: z.iso.datetime(),
  durationMilliSec: z.number().int().nonnegative(),
  moduleName: z.string().min(1),
});

const ErrorItem = z.strictObject({
  code: z.string().regex(/^\d{4}$/),
  name: z.string().min(1),
  location: z.string().min(1),
  problem: z.string().min(1),
  action: z.string(),
});

const ModuleStep = z.strictObject({
  nodeId: z.string().min(1),
  name: z.string().min(1),
  outcome: z.string().min(1),
  outcomeClassification: Classification,
  advice: z.strictObject({ contains: z.record(z.string(), z.union([z.number(), z.boolean(), z.null()])) }),
  result: z.strictObject({
    status: z.enum(['complete', 'error']),
    outcome: z.string(),
    subject: z.record(z.string(), z.unknown()),
    error: z.strictObject({ errors: z.array(ErrorItem).min(1), correlationId: z.string().min(1) }).optional(),
  }),
  process: z.strictObject({ step: StepTiming }),
});

const DecisionStep = z.strictObject({
  nodeId: z.string().min(1),
  name: z.string().min(1),
  outcome: z.string().startsWith('Decision: '),
  outcomeClassification: Classification,
  // The sample's decision step has no `advice`; the specification gives every step one with `contains`, and wins.
  advice: z.strictObject({ contains: z.strictObject({}) }),
  result: z.null(),
  process: z.strictObject({ step: StepTiming }),
});

export const Step = z.union([ModuleStep, DecisionStep]);
export type Step = z.infer<typeof Step>;

const Process = z.strictObject({
  journey: z.strictObject({ name: z.string(), startedAt: z.iso.datetime(), id: z.string(), version: z.number().int() }),
  instance: z.strictObject({ id: z.string() }),
});

/** State fetch, with steps and result under `context` or, on some tenants, at the top level. */
export const StateResponse = z.union([
  z.strictObject({
    instanceId: z.string(),
    status: JourneyStatus,
    context: z.strictObject({
      process: Process.extend({ steps: z.array(Step) }),
      subject: z.record(z.string(), z.unknown()),
      result: Result,
    }),
  }),
  z.strictObject({
    instanceId: z.string(),
    status: JourneyStatus,
    context: z.strictObject({ process: Process, subject: z.record(z.string(), z.unknown()) }),
    steps: z.array(Step),
    result: Result,
  }),
]);
export type StateResponse = z.infer<typeof StateResponse>;

export const ErrorResponse = z.strictObject({ errors: z.array(ErrorItem).min(1) });
