import { createHash } from 'node:crypto';
import type { ElementField, ElementSpec } from '@journey-bridge/contract';
import { documentFields, side2Instructions, side2Spec } from './document-sides.js';
import { currentSegment, type Instance, isProvided, phaseOf, type StepRecord } from './engine.js';
import type { JourneyDefinition, OutcomeClassification, SegmentDefinition } from './journey-definition.js';

const iso = (ms: number) => new Date(ms).toISOString();

export const interactionIdOf = (instance: Instance, segmentId: string): string =>
  `grn:::journey-sim:${instance.journey.id}:interaction:${segmentId}@${instance.journey.version}`;

/** How the vendor's clients read a decision; an operator's own wording counts as a review. */
const CLASSIFICATIONS: Readonly<Record<string, OutcomeClassification>> = {
  Accept: 'positive',
  Reject: 'negative',
  'Manual review': 'neutral',
};
const classificationOf = (decision: string): OutcomeClassification => CLASSIFICATIONS[decision] ?? 'neutral';

/** `collects`: each element, and on `collectsLevel: field` journeys its fields after it, with the element's spec as `parentSpec`. */
function collectsOf(journey: JourneyDefinition, segment: SegmentDefinition) {
  const fieldSpec = (element: string, field: ElementField): ElementSpec =>
    element === 'PrimaryDocument' && field.name === 'side2Image'
      ? side2Spec(journey.documentSide2)
      : field.required
        ? 'required'
        : 'optional';
  return segment.collects.flatMap(({ element, spec }) => {
    const entry = { ref: element, spec };
    if (journey.collectsLevel === 'element') return [entry];
    const fields = journey.catalogue.get(element)?.fields ?? [];
    return [entry, ...fields.map((field) => ({ ref: `${element}/${field.name}`, spec: fieldSpec(element, field), parentSpec: spec }))];
  });
}

/**
 * `outstanding`: by element, what is not yet provided (or, when static, everything collected), as the
 * specification says; by field, as the vendor's sample reads it, the required fields of required elements (never
 * children of an optional parent), the document's back only once it is required.
 */
function outstandingOf(instance: Instance, segment: SegmentDefinition): string[] {
  const { journey, subject, side2 } = instance;
  const declared = journey.outstanding === 'static';
  const fieldsWanted = (element: string): string[] => {
    if (element === 'PrimaryDocument') return documentFields(subject, side2, declared);
    if (!declared && isProvided(instance, element)) return [];
    return (journey.catalogue.get(element)?.fields ?? []).filter((field) => field.required).map((field) => field.name);
  };
  if (journey.outstandingLevel === 'element') {
    return segment.collects.filter(({ element }) => declared || fieldsWanted(element).length > 0).map(({ element }) => element);
  }
  return segment.collects
    .filter(({ spec }) => spec === 'required')
    .flatMap(({ element }) => fieldsWanted(element).map((field) => `${element}/${field}`));
}

/** The end interaction: no data to collect, the outcome and the overall result (the vendor's sample reads it here). */
function endInteractionView(instance: Instance) {
  const interactionId = interactionIdOf(instance, 'end');
  return {
    instanceId: instance.id,
    interactionId,
    journey: { status: v2StatusOf(instance) },
    interaction: {
      grId: interactionId,
      resource: { id: 'end', name: 'Outcome', data: { pages: [{ id: 'end-page', label: 'Outcome', cards: [{ id: 'outcome' }] }] } },
      collects: [],
      consumes: [],
    },
    instructions: [],
    outstanding: [],
    result: resultView(instance),
  };
}

/** The v2 interaction fetch response: the active interaction, `processing: true`, or the end interaction. */
export function interactionView(instance: Instance) {
  const phase = phaseOf(instance);
  const segment = currentSegment(instance);
  if (phase === 'processing')
    return { instanceId: instance.id, journey: { status: v2StatusOf(instance) }, processing: true, outstanding: [] };
  if (phase === 'ended' || !segment) return endInteractionView(instance);
  const { journey } = instance;
  const interactionId = interactionIdOf(instance, segment.id);
  const collectsDocument = segment.collects.some(({ element }) => element === 'PrimaryDocument');
  return {
    instanceId: instance.id,
    interactionId,
    journey: { status: v2StatusOf(instance) },
    interaction: {
      grId: interactionId,
      resource: {
        id: segment.id,
        name: segment.name,
        data: {
          pages: [{ id: `${segment.id}-page-1`, label: segment.name, cards: segment.collects.map(({ element }) => ({ id: element })) }],
        },
      },
      collects: collectsOf(journey, segment),
      consumes: [],
    },
    context: { subject: {} },
    instructions: collectsDocument ? side2Instructions(journey.documentSide2, instance.subject, instance.side2) : [],
    outstanding: outstandingOf(instance, segment),
  };
}

/** A module that could not run, as the vendor's sample reads it: `result.error` with the vendor's error items. */
function moduleError(instance: Instance, step: StepRecord) {
  return {
    errors: [
      {
        code: '5000',
        name: 'MODULE_EXECUTION_FAILED',
        location: 'Flow',
        problem: `module ${step.module.name} could not run`,
        action: 'Nothing was decided about the end user: start a new journey.',
      },
    ],
    // Stable across fetches, and the same for the same instance and module.
    correlationId: createHash('sha256').update(`${instance.id}/${step.module.id}`).digest('hex').slice(0, 32),
  };
}

function stepView(instance: Instance, step: StepRecord) {
  const { module, result } = step;
  return {
    nodeId: module.id,
    name: module.name,
    outcome: result.outcome,
    outcomeClassification: result.classification,
    advice: { contains: result.contains },
    result: {
      status: result.error ? 'error' : 'complete',
      outcome: result.outcome,
      subject: module.resultSubject,
      ...(result.error && { error: moduleError(instance, step) }),
    },
    process: {
      step: {
        startedAt: iso(step.startedAt),
        endedAt: iso(step.endedAt),
        durationMilliSec: step.endedAt - step.startedAt,
        moduleName: module.name,
      },
    },
  };
}

/** The evaluation's node among the steps, as live tenants list it: the decision, classified, with no result. */
function decisionStepView(instance: Instance) {
  if (instance.decision === undefined || instance.completedAt === undefined) return [];
  const at = iso(instance.completedAt);
  return [
    {
      nodeId: instance.journey.evaluation.variantId,
      name: 'Decision',
      outcome: `Decision: ${instance.decision}`,
      outcomeClassification: classificationOf(instance.decision),
      // The specification gives every step `advice` with `contains` (a client reads `advice.contains.svcScore` off
      // each step); the decision has none of a module's figures.
      advice: { contains: {} },
      result: null,
      process: { step: { startedAt: at, endedAt: at, durationMilliSec: 0, moduleName: 'Decision' } },
    },
  ];
}

/** The status v2 answers give: a decided journey reads `InProgress` on a tenant that never says `Completed`. */
const v2StatusOf = ({ status, journey }: Instance) => (status === 'Completed' ? journey.decidedStatus : status);

/** The overall result as state fetch and the end interaction give it: pending, complete with the decision, or error. */
export function resultView(instance: Instance) {
  if (instance.status === 'Failed' || instance.status === 'Error') {
    const failed = instance.steps.find((step) => step.result.error);
    return { status: 'error', advice: { reason: `module ${failed?.module.name ?? 'unknown'} failed` } };
  }
  const decision = instance.customDecision ?? instance.decision;
  if (instance.status !== 'Completed' || decision === undefined) return { status: 'pending', advice: {} };
  const under18 = instance.steps.some((step) => step.result.isUnder18 === true);
  return {
    status: 'complete',
    outcome: `Decision: ${decision}`,
    outcomeClassification: classificationOf(decision),
    advice: {
      decision,
      evaluatedDecision: instance.decision,
      isUnder18: under18,
      customDecision: instance.customDecision ?? null,
    },
  };
}

/** The v2 state fetch response, with `steps`/`result` under `context` or at the top level as the journey says. */
export function stateView(instance: Instance) {
  const steps = [...instance.steps.map((step) => stepView(instance, step)), ...decisionStepView(instance)];
  const result = resultView(instance);
  const process = {
    journey: {
      name: instance.journey.name,
      startedAt: iso(instance.createdAt),
      id: instance.journey.resourceIds.v2[instance.environment],
      version: instance.journey.version,
    },
    instance: { id: instance.id },
  };
  if (instance.journey.stateLayout === 'top-level') {
    return { instanceId: instance.id, status: v2StatusOf(instance), context: { process, subject: instance.subject }, steps, result };
  }
  return {
    instanceId: instance.id,
    status: v2StatusOf(instance),
    context: { process: { ...process, steps }, subject: instance.subject, result },
  };
}
