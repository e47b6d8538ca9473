import { DOMAIN_ELEMENTS } from '@journey-bridge/contract';
import { currentSegment, type Instance, isProvided, phaseOf, type StepRecord } from './engine.js';

const iso = (ms: number) => new Date(ms).toISOString();

export const interactionIdOf = (instance: Instance, segmentId: string): string =>
  `grn:::journey-sim:${instance.journey.id}:interaction:${segmentId}@${instance.journey.version}`;

/** The v2 interaction fetch response: the active interaction, `processing: true`, or the end interaction. */
export function interactionView(instance: Instance) {
  const journey = { status: instance.status };
  const phase = phaseOf(instance);
  const segment = currentSegment(instance);
  if (phase === 'processing') return { instanceId: instance.id, journey, processing: true, outstanding: [] };
  if (phase === 'ended' || !segment) {
    return {
      instanceId: instance.id,
      interactionId: interactionIdOf(instance, 'end'),
      journey,
      interaction: {
        resource: { id: 'end', name: 'Outcome', data: { pages: [{ id: 'end-page', label: 'Outcome', cards: [{ id: 'outcome' }] }] } },
        collects: [],
        consumes: [],
      },
      instructions: [],
      outstanding: [],
    };
  }
  const missing = segment.collects.filter((entry) => !isProvided(instance, entry.element));
  // A static `outstanding` is the interaction's declaration: what it collects, taken or not.
  const listed = instance.journey.outstanding === 'static' ? segment.collects : missing;
  const outstanding =
    instance.journey.outstandingLevel === 'field'
      ? listed.flatMap((entry) => DOMAIN_ELEMENTS[entry.element].fields.map((field) => `${entry.element}/${field}`))
      : listed.map((entry) => entry.element);
  const collects = segment.collects.map((entry) => ({ ref: entry.element, spec: entry.spec }));
  return {
    instanceId: instance.id,
    interactionId: interactionIdOf(instance, segment.id),
    journey,
    interaction: {
      resource: {
        id: segment.id,
        name: segment.name,
        data: {
          pages: [{ id: `${segment.id}-page-1`, label: segment.name, cards: collects.map((entry) => ({ id: entry.ref })) }],
        },
      },
      collects,
      consumes: [],
    },
    context: { subject: {} },
    instructions: missing.filter((entry) => entry.spec === 'required').map((entry) => `Provide ${entry.element}`),
    outstanding,
  };
}

function stepView(step: StepRecord) {
  const { module, result } = step;
  return {
    nodeId: module.id,
    name: module.name,
    outcome: result.outcome,
    outcomeClassification: result.classification,
    advice: { contains: result.contains },
    result: { status: result.error ? 'error' : 'complete', outcome: result.outcome },
    process: { step: { startedAt: iso(step.startedAt), endedAt: iso(step.endedAt), moduleName: module.name } },
  };
}

function resultView(instance: Instance) {
  if (instance.status === 'Failed' || instance.status === 'Error') {
    const failed = instance.steps.find((step) => step.result.error);
    return { status: 'error', advice: { reason: `module ${failed?.module.name ?? 'unknown'} failed` } };
  }
  if (instance.status !== 'Completed') return { status: 'pending', advice: {} };
  const under18 = instance.steps.some((step) => step.result.isUnder18 === true);
  return {
    status: 'complete',
    advice: {
      decision: instance.customDecision ?? instance.decision,
      evaluatedDecision: instance.decision,
      isUnder18: under18,
      customDecision: instance.customDecision ?? null,
    },
  };
}

/** The v2 state fetch response, with `steps`/`result` under `context` or at the top level as the journey says. */
export function stateView(instance: Instance) {
  const steps = instance.steps.map(stepView);
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
    return { instanceId: instance.id, status: instance.status, context: { process, subject: instance.subject }, steps, result };
  }
  return {
    instanceId: instance.id,
    status: instance.status,
    context: { process: { ...process, steps }, subject: instance.subject, result },
  };
}
