import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DescribedElements, ElementCatalogue, ElementSpec, Region, SPECIFICATION_DIALECT, V1Dialect } from '@journey-bridge/contract';
import { z } from 'zod';
import { SimulatorError } from './errors/simulator-error.js';

/** A condition on the subject that selects a module rule. */
export const RuleCondition = z.union([
  z.strictObject({ path: z.string().min(1), equals: z.unknown() }),
  z.strictObject({
    path: z.string().min(1),
    /** Matches when the base64 value at `path` decodes to text containing this. */
    decodedIncludes: z.string().min(1),
  }),
  z.strictObject({ ageBelow: z.number().int().positive() }),
]);
export type RuleCondition = z.infer<typeof RuleCondition>;

export const OutcomeClassification = z.enum(['positive', 'negative', 'neutral']);
export type OutcomeClassification = z.infer<typeof OutcomeClassification>;

/** The first rule whose every condition holds decides the module's outcome; none → `Match`, positive. */
export const ModuleRule = z.strictObject({
  when: z.array(RuleCondition).min(1),
  outcome: z.string().min(1),
  classification: OutcomeClassification.default('negative'),
  /** The module fails: the journey ends in its failure status. */
  error: z.boolean().default(false),
});
export type ModuleRule = z.infer<typeof ModuleRule>;

export const ModuleDefinition = z.strictObject({
  id: z.string().min(1),
  name: z.string().min(1),
  /** The v1 module variant: the key of its entry in v1 `data.process.flow`. */
  variantId: z.string().min(1),
  /** Virtual milliseconds the module runs. */
  latencyMs: z.number().int().nonnegative(),
  rules: z.array(ModuleRule).default([]),
  /**
   * The publications that run the module: a module on one side only is how a v2 republication that dropped
   * (or added) a check is seeded. @default ["v1", "v2"]
   */
  sides: z
    .array(z.enum(['v1', 'v2']))
    .min(1)
    .default(['v1', 'v2']),
  /** The module's rules in the v2 publication, where they differ from `rules` (which v1 keeps). @default rules */
  v2Rules: z.array(ModuleRule).optional(),
  /** What the module adds to the subject, shown as its v2 step's `result.subject` (a document's classification). @default {} */
  resultSubject: z.record(z.string(), z.unknown()).default({}),
});
export type ModuleDefinition = z.infer<typeof ModuleDefinition>;

/** The modules of a segment one API version's publication runs, each with the rules it runs on that side. */
export function modulesOn(segment: SegmentDefinition, version: 'v1' | 'v2'): { module: ModuleDefinition; rules: readonly ModuleRule[] }[] {
  return segment.modules
    .filter((module) => module.sides.includes(version))
    .map((module) => ({ module, rules: (version === 'v2' ? module.v2Rules : undefined) ?? module.rules }));
}

export const SegmentDefinition = z.strictObject({
  id: z.string().regex(/^[\w-]+$/),
  name: z.string().min(1),
  /** The v1 task's `variantId`. */
  variantId: z.string().min(1),
  collects: z
    /** `element` is one of the specification's six or one the journey describes in `elements`. */
    .array(z.strictObject({ element: z.string().min(1), spec: ElementSpec }))
    .min(1)
    .refine((entries) => entries.some((entry) => entry.spec === 'required'), {
      message: 'an interaction needs at least one required element, or it could never wait for input',
    }),
  modules: z.array(ModuleDefinition).default([]),
});
export type SegmentDefinition = z.infer<typeof SegmentDefinition>;

/**
 * When the primary document's back is required: never (`side2Image` may be `""`), always, or lazily, decided
 * `classifyMs` after the front arrives by whether the subject then meets `requiredWhen`, as a live document
 * classification asks for the back of a two-sided document.
 */
export const DocumentSide2 = z.union([
  z.enum(['never', 'always']),
  z.strictObject({
    lazy: z.strictObject({
      requiredWhen: z.array(RuleCondition).min(1),
      /** Virtual milliseconds between the front's arrival and the answer. @default 0 */
      classifyMs: z.number().int().nonnegative().default(0),
    }),
  }),
]);
export type DocumentSide2 = z.infer<typeof DocumentSide2>;

const PublishedIds = z.strictObject({ production: z.string().regex(/^[^@\s]+$/), preview: z.string().regex(/^[^@\s]+$/) });

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Gives `v1Dialect` the evaluation's `variantId` as its decision key unless it names one: the dialect format's
 * own default (`decision`) would otherwise move the decision of a journey that keys it elsewhere.
 */
function decisionKeyFromEvaluation(input: unknown): unknown {
  if (!isRecord(input)) return input;
  const dialect = input.v1Dialect ?? {};
  const decision = isRecord(dialect) ? (dialect.decision ?? {}) : undefined;
  const variantId = isRecord(input.evaluation) ? input.evaluation.variantId : undefined;
  if (!isRecord(dialect) || !isRecord(decision) || decision.key !== undefined || variantId === undefined) {
    return input;
  }
  return { ...input, v1Dialect: { ...dialect, decision: { ...decision, key: variantId } } };
}

export const JourneyDefinition = z.preprocess(
  decisionKeyFromEvaluation,
  z
    .strictObject({
      $schema: z.string().optional(),
      id: z.string().min(1),
      name: z.string().min(1),
      region: Region,
      /** The published version: `<id>@<version>` and `<id>@latest` both select it. */
      version: z.number().int().positive(),
      /** Published ids per API version and environment; v1 and v2 publications differ. */
      resourceIds: z.strictObject({ v1: PublishedIds, v2: PublishedIds }),
      /** Accepted instead of `resourceId` by v2 start. */
      deliveryId: z.string().min(1).optional(),
      /** How a failed journey spells its status; live responses use both. @default "Failed" */
      failureStatus: z.enum(['Failed', 'Error']).default('Failed'),
      /**
       * How v2 answers spell the status of a decided journey: `Completed`, or still `InProgress`, as some tenants
       * leave it (the decision is then in `result`, whose `status` is authoritative). v1 answers say `Completed`.
       * @default "Completed"
       */
      decidedStatus: z.enum(['Completed', 'InProgress']).default('Completed'),
      /** Where v2 state puts `steps` and `result`. @default "context" */
      stateLayout: z.enum(['context', 'top-level']).default('context'),
      /**
       * Whether `outstanding` lists what is still missing, or repeats the interaction's declaration unchanged after
       * every submit, as some live tenants do (a resend of an element already taken still gets 409). @default "shrinking"
       */
      outstanding: z.enum(['shrinking', 'static']).default('shrinking'),
      /** Granularity of `outstanding`: `Selfie` or `Selfie/selfieImage`; `collects` stays element-level. @default "element" */
      outstandingLevel: z.enum(['element', 'field']).default('element'),
      /**
       * The token interaction fetch and submit accept: the API client's, an end-user token for that one instance
       * (`journey/device/start`, then `journey/device/connect`), or either. @default "customer"
       */
      interactionAuth: z.enum(['customer', 'end-user', 'customer-or-end-user']).default('customer'),
      /**
       * How the v1 surface answers this journey, in the format of a journey-map entry's `dialect`, except that flow
       * keys are the modules' `variantId`s (`flowKeys` are for the adapter, and refused here); the decision key
       * defaults to `evaluation.variantId`. @default the specification's dialect
       */
      v1Dialect: V1Dialect.default(SPECIFICATION_DIALECT).refine((dialect) => Object.keys(dialect.flowKeys).length === 0, {
        message: "flowKeys are the adapter's: here a module's v1 flow key is its variantId",
        path: ['flowKeys'],
      }),
      /** Domain elements beyond the specification's six that this journey collects, described as data. @default {} */
      elements: DescribedElements.default({}),
      /** Granularity of `collects`: elements only, or each element followed by its fields with `parentSpec`. @default "element" */
      collectsLevel: z.enum(['element', 'field']).default('element'),
      /** When the primary document's back is required. @default "never" */
      documentSide2: DocumentSide2.default('never'),
      segments: z.array(SegmentDefinition).min(1),
      evaluation: z
        .strictObject({
          /** Key of the decision's entry in the v1 flow, unless `v1Dialect.decision.key` names another. */
          variantId: z.string().min(1).default('decision'),
          /** An under-18 subject is rejected whatever the modules say. */
          rejectUnder18: z.boolean().default(false),
        })
        .default({ variantId: 'decision', rejectUnder18: false }),
    })
    .superRefine((journey, ctx) => {
      // Interactions and v1 tasks are told apart by segment id, and the v1 flow's entries, across segments, by
      // module variantId: a duplicate would make two of them one.
      const segmentIds = new Set<string>();
      const variantIds = new Map<string, string>();
      journey.segments.forEach((segment, index) => {
        if (segmentIds.has(segment.id)) {
          ctx.addIssue({
            code: 'custom',
            path: ['segments', index, 'id'],
            message: `journey ${journey.id} has two segments with id ${segment.id}`,
          });
        }
        segmentIds.add(segment.id);
        segment.modules.forEach((module, at) => {
          const other = variantIds.get(module.variantId);
          if (other !== undefined) {
            ctx.addIssue({
              code: 'custom',
              path: ['segments', index, 'modules', at, 'variantId'],
              message: `journey ${journey.id} has two modules with variantId ${module.variantId} (${other} and ${module.id}): one v1 flow entry`,
            });
          }
          variantIds.set(module.variantId, module.id);
        });
      });
      const known = new ElementCatalogue(journey.elements);
      journey.segments.forEach((segment, index) => {
        segment.collects.forEach((entry, at) => {
          if (known.get(entry.element)) return;
          ctx.addIssue({
            code: 'custom',
            path: ['segments', index, 'collects', at, 'element'],
            message: `${entry.element} is neither one of the specification's six elements nor described in elements`,
          });
        });
      });
    })
    // The catalogue is built once per journey: every submit and interaction view asks it.
    .transform((journey) => ({ ...journey, catalogue: new ElementCatalogue(journey.elements) })),
);
export type JourneyDefinition = z.infer<typeof JourneyDefinition>;

/** A journey file that does not match the format; `issues` name the file and the field. */
export class JourneyDefinitionError extends SimulatorError {
  override name = 'JourneyDefinitionError';
  constructor(
    readonly file: string,
    readonly issues: readonly string[],
  ) {
    super(`invalid journey definition ${file}:\n  ${issues.join('\n  ')}`);
  }
}

/** Where each journey given a `source` was read from, so that later errors (a duplicate) can name the file. */
const sources = new WeakMap<JourneyDefinition, string>();

/** The `source` the journey was parsed from, if one was given. */
export const sourceOf = (journey: JourneyDefinition): string | undefined => sources.get(journey);

/** Validates one journey definition; `source` names it in errors. */
export function parseJourney(value: unknown, source?: string): JourneyDefinition {
  const parsed = JourneyDefinition.safeParse(value);
  if (!parsed.success) {
    throw new JourneyDefinitionError(
      source ?? '<inline>',
      parsed.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`),
    );
  }
  if (source !== undefined) sources.set(parsed.data, source);
  return parsed.data;
}

/** Loads every `*.json` journey in `dir`, in name order. */
export async function loadJourneys(dir: string): Promise<JourneyDefinition[]> {
  const files = (await readdir(dir)).filter((name) => name.endsWith('.json')).sort();
  return Promise.all(
    files.map(async (name) => {
      const file = join(dir, name);
      let json: unknown;
      try {
        // A byte order mark, as Windows editors write one, is no part of the JSON.
        json = JSON.parse((await readFile(file, 'utf8')).replace(/^\uFEFF/, ''));
      } catch (error) {
        throw new JourneyDefinitionError(file, [`not valid JSON: ${(error as Error).message}`]);
      }
      return parseJourney(json, file);
    }),
  );
}
