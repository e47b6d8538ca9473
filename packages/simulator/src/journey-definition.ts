import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DomainElementId, ElementSpec, Region } from '@journey-bridge/contract';
import { z } from 'zod';

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
});
export type ModuleDefinition = z.infer<typeof ModuleDefinition>;

export const SegmentDefinition = z.strictObject({
  id: z.string().regex(/^[\w-]+$/),
  name: z.string().min(1),
  /** The v1 task's `variantId`. */
  variantId: z.string().min(1),
  collects: z
    .array(z.strictObject({ element: DomainElementId, spec: ElementSpec }))
    .min(1)
    .refine((entries) => entries.some((entry) => entry.spec === 'required'), {
      message: 'an interaction needs at least one required element, or it could never wait for input',
    }),
  modules: z.array(ModuleDefinition).default([]),
});
export type SegmentDefinition = z.infer<typeof SegmentDefinition>;

const PublishedIds = z.strictObject({ production: z.string().regex(/^[^@\s]+$/), preview: z.string().regex(/^[^@\s]+$/) });

export const JourneyDefinition = z.strictObject({
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
  /** Where v2 state puts `steps` and `result`. @default "context" */
  stateLayout: z.enum(['context', 'top-level']).default('context'),
  /** Granularity of `outstanding`: `Selfie` or `Selfie/selfieImage`. @default "element" */
  outstanding: z.enum(['element', 'field']).default('element'),
  segments: z.array(SegmentDefinition).min(1),
  evaluation: z
    .strictObject({
      /** Key of the decision's entry in v1 `data.process.flow`. */
      variantId: z.string().min(1).default('decision'),
      /** An under-18 subject is rejected whatever the modules say. */
      rejectUnder18: z.boolean().default(false),
    })
    .default({ variantId: 'decision', rejectUnder18: false }),
});
export type JourneyDefinition = z.infer<typeof JourneyDefinition>;

/** A journey file that does not match the format; `issues` name the file and the field. */
export class JourneyDefinitionError extends Error {
  override name = 'JourneyDefinitionError';
  constructor(
    readonly file: string,
    readonly issues: readonly string[],
  ) {
    super(`invalid journey definition ${file}:\n  ${issues.join('\n  ')}`);
  }
}

/** Validates one journey definition; `source` names it in errors. */
export function parseJourney(value: unknown, source = '<inline>'): JourneyDefinition {
  const parsed = JourneyDefinition.safeParse(value);
  if (!parsed.success) {
    throw new JourneyDefinitionError(
      source,
      parsed.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`),
    );
  }
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
        json = JSON.parse(await readFile(file, 'utf8'));
      } catch (error) {
        throw new JourneyDefinitionError(file, [`not valid JSON: ${(error as Error).message}`]);
      }
      return parseJourney(json, file);
    }),
  );
}
