import { z } from 'zod';
import { type DomainElementId, ElementSpec } from './domain-elements.js';
import { JourneyStatus } from './status.js';
import { Subject } from './subject.js';

/** `<id>@<version>`; `@latest` selects the most recently published version. */
export const ResourceId = z.string().regex(/^[^@\s]+@(latest|\d+)$/, 'must look like <id>@<version> or <id>@latest');

export const Delivery = z.enum(['api', 'page']);
export type Delivery = z.infer<typeof Delivery>;

// ---- requests: strict, as the simulator validates them -------------------------------------------------------

export const V2StartRequest = z
  .strictObject({
    resourceId: ResourceId.optional(),
    deliveryId: z.string().min(1).optional(),
    context: z.strictObject({
      config: z.strictObject({ delivery: Delivery }),
      subject: Subject,
    }),
  })
  .refine((body) => body.resourceId !== undefined || body.deliveryId !== undefined, {
    message: 'resourceId (or deliveryId) is required',
    path: ['resourceId'],
    params: { missing: true },
  });
export type V2StartRequest = z.infer<typeof V2StartRequest>;

export const InstanceRequest = z.strictObject({ instanceId: z.string().min(1).max(128) });
export type InstanceRequest = z.infer<typeof InstanceRequest>;

/**
 * What a participant names: an element (`Selfie`) or one of its fields (`Selfie/selfieImage`) as field-level
 * `outstanding` does. Besides the specification's six, a journey may collect elements of its own (`MobilePhone`).
 */
export const ParticipantRef = z
  .string()
  .regex(/^[A-Z]\w*(\/\w+)?$/, 'must be a domain element or one of its fields, such as PrimaryDocument/side1Image');
export type ParticipantRef = DomainElementId | `${DomainElementId}/${string}` | (string & {});

/** `instruction` is in the vendor SDK's model of a participant. */
export const Participant = z.strictObject({ domainElementId: ParticipantRef, instruction: z.string().optional() });

export const SubmitRequest = z.strictObject({
  instanceId: z.string().min(1).max(128),
  interactionId: z.string().min(1).max(512),
  participants: z.array(Participant).optional(),
  context: z.strictObject({ subject: Subject }).optional(),
});
export type SubmitRequest = z.infer<typeof SubmitRequest>;

// ---- responses: tolerant, unknown fields pass -----------------------------------------------------------------

export const V2StartResponse = z.looseObject({
  instanceId: z.string().min(1),
  instanceUrl: z.url().optional(),
  /** Newer tenants only: `started|completed|failed|awaiting-input|pending`. */
  status: z.string().optional(),
});
export type V2StartResponse = z.infer<typeof V2StartResponse>;

/** `journey/device/start`: a one-time token (about two minutes) to connect an end user to one instance. */
export const DeviceStartResponse = z.looseObject({ connectToken: z.string().min(1) });
export type DeviceStartResponse = z.infer<typeof DeviceStartResponse>;

/** `journey/device/connect`: the end-user token (a JWT, about a day) for interaction fetch and submit of that instance. */
export const DeviceConnectResponse = z.looseObject({ endUserToken: z.string().min(1) });
export type DeviceConnectResponse = z.infer<typeof DeviceConnectResponse>;

/** `positive` (accept), `negative` (reject) or `neutral` (manual review); other words pass. */
export const OutcomeClassification = z.union([z.enum(['positive', 'negative', 'neutral']), z.string()]);

/**
 * `result.status` (`pending|complete|error|timeout`) is the authoritative success signal. Live tenants add the
 * decision as `outcome` (`Decision: Accept`) and `outcomeClassification`, which the vendor's sample reads.
 */
export const JourneyResult = z.looseObject({
  status: z.string(),
  outcome: z.string().optional(),
  outcomeClassification: OutcomeClassification.optional(),
  advice: z.record(z.string(), z.unknown()).default({}),
});
export type JourneyResult = z.infer<typeof JourneyResult>;

/**
 * An entry of `collects`: an element (`FullName`), or on tenants that list them, one of its fields
 * (`FullName/firstName`) with the element's spec as `parentSpec`.
 */
export const CollectsEntry = z.looseObject({
  ref: z.string(),
  spec: z.union([ElementSpec, z.string()]),
  parentSpec: z.union([ElementSpec, z.string()]).optional(),
});

export const InteractionPage = z.looseObject({
  id: z.string(),
  label: z.string().optional(),
  cards: z.array(z.looseObject({ id: z.string() })).default([]),
});

/**
 * Interaction fetch. While modules run there is no interaction: `processing: true` and no `interactionId`.
 * `outstanding` may be element-level (`Selfie`) or field-level (`Selfie/selfieImage`).
 */
export const Interaction = z.looseObject({
  instanceId: z.string(),
  interactionId: z.string().optional(),
  processing: z.boolean().optional(),
  journey: z.looseObject({ status: JourneyStatus }).optional(),
  interaction: z
    .looseObject({
      /** The interaction's resource identifier, in the vendor SDK's model. */
      grId: z.string().optional(),
      resource: z
        .looseObject({
          id: z.string(),
          name: z.string().optional(),
          data: z.looseObject({ pages: z.array(InteractionPage).default([]) }).optional(),
        })
        .optional(),
      collects: z.array(CollectsEntry).default([]),
      consumes: z.array(z.unknown()).optional(),
    })
    .optional(),
  context: z.looseObject({ subject: Subject.optional() }).optional(),
  /** `LazySide2CollectionRequired`, `Side2Required`, `Side2Done` on a document interaction, among others. */
  instructions: z.array(z.string()).optional(),
  outstanding: z.array(z.string()).default([]),
  /** The end interaction carries the overall result (vendor sample). */
  result: JourneyResult.optional(),
});
export type Interaction = z.infer<typeof Interaction>;

export const SubmitResponse = z.looseObject({ status: z.string() });
export type SubmitResponse = z.infer<typeof SubmitResponse>;

export const StepAdviceContains = z.looseObject({
  nameAddress: z.number().optional(),
  nameDob: z.number().optional(),
  nameDobAddress: z.number().optional(),
  idNameAddress: z.number().optional(),
  idNameDob: z.number().optional(),
  idNameAddressDob: z.number().optional(),
  idName: z.number().optional(),
  sources: z.number().optional(),
  isUnder18: z.boolean().optional(),
  customDecision: z.unknown().nullable().optional(),
  svcScore: z.number().optional(),
});

/** Why a module could not run: its `result.error` (vendor sample). */
export const StepError = z.looseObject({
  errors: z
    .array(
      z.looseObject({
        code: z.string().optional(),
        name: z.string().optional(),
        location: z.string().optional(),
        problem: z.string().optional(),
        action: z.string().optional(),
      }),
    )
    .default([]),
  correlationId: z.string().optional(),
});
export type StepError = z.infer<typeof StepError>;

/**
 * One step of the journey: a module, or the decision node (`outcome: "Decision: Accept"`, `result: null`).
 * A module's `result` may carry what it added to the subject and, when it could not run, `error`.
 */
export const Step = z.looseObject({
  nodeId: z.string().optional(),
  name: z.string().optional(),
  outcome: z.string().optional(),
  outcomeClassification: OutcomeClassification.optional(),
  advice: z.looseObject({ contains: StepAdviceContains.optional() }).optional(),
  result: z
    .looseObject({
      status: z.string().optional(),
      outcome: z.string().optional(),
      subject: z.record(z.string(), z.unknown()).optional(),
      error: StepError.optional(),
    })
    .nullable()
    .optional(),
  process: z
    .looseObject({
      step: z
        .looseObject({
          startedAt: z.string().optional(),
          endedAt: z.string().optional(),
          durationMilliSec: z.number().optional(),
          moduleName: z.string().optional(),
        })
        .optional(),
    })
    .optional(),
});
export type Step = z.infer<typeof Step>;

/** Whether a step is the journey's decision node rather than a module: no result of its own, a `Decision:` outcome. */
export const isDecisionStep = (step: Step): boolean => step.result === null || /^Decision:/.test(step.outcome ?? '');

export const V2State = z.looseObject({
  instanceId: z.string(),
  status: JourneyStatus,
  context: z
    .looseObject({
      process: z
        .looseObject({
          journey: z
            .looseObject({
              name: z.string().optional(),
              startedAt: z.string().optional(),
              id: z.string().optional(),
              version: z.union([z.string(), z.number()]).optional(),
            })
            .optional(),
          instance: z.looseObject({ id: z.string() }).optional(),
          steps: z.array(Step).optional(),
        })
        .optional(),
      subject: Subject.optional(),
      result: JourneyResult.optional(),
    })
    .optional(),
  /** Some tenants answer `steps` and `result` at the top level instead of under `context`. */
  steps: z.array(Step).optional(),
  result: JourneyResult.optional(),
});
export type V2State = z.infer<typeof V2State>;

/** The steps of a state, wherever the tenant put them. */
export const stepsOf = (state: V2State): Step[] => state.context?.process?.steps ?? state.steps ?? [];

/** The overall result of a state, wherever the tenant put it. */
export const resultOf = (state: V2State): JourneyResult | undefined => state.context?.result ?? state.result;
