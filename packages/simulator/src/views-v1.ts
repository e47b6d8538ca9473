import { documentsWithBack, draft07Schema, filterFlow, type V1Dialect } from '@journey-bridge/contract';
import { z } from 'zod';
import { currentSegment, type Instance, phaseOf } from './engine.js';
import type { JourneyDefinition, SegmentDefinition } from './journey-definition.js';

// The simulator renders v1 itself, from the journey's dialect, and never through the adapter's translators: a bug
// in those would otherwise be on both sides of every test that compares the adapter with this surface.

const schemas = new WeakMap<SegmentDefinition, Map<boolean, Record<string, unknown>>>();

/**
 * The Draft-07 schema of a v1 task: `{ context: { subject } }` with the segment's elements, built once per segment
 * and need of the document's back. v1 has no instructions: once the document's back is required (`backRequired`),
 * the schema is where a v1 caller reads it.
 */
export function taskSchemaOf(journey: JourneyDefinition, segment: SegmentDefinition, backRequired = false): Record<string, unknown> {
  const built = schemas.get(segment) ?? new Map<boolean, Record<string, unknown>>();
  schemas.set(segment, built);
  let schema = built.get(backRequired);
  if (!schema) {
    let subject = journey.catalogue.subjectSchema(segment.collects.map((entry) => ({ id: entry.element, spec: entry.spec })));
    const document = backRequired ? segment.collects.find(({ element }) => element === 'PrimaryDocument') : undefined;
    if (document) subject = subject.extend({ documents: document.spec === 'required' ? documentsWithBack : documentsWithBack.optional() });
    schema = draft07Schema(z.object({ context: z.object({ subject }) }));
    built.set(backRequired, schema);
  }
  return schema;
}

/** The v1 status in the journey's spelling: v1 has no `Error`, a failure is `Failed` before the dialect renames it. */
export function v1StatusOf(instance: Instance): string {
  const status = instance.status === 'Error' ? 'Failed' : instance.status;
  return instance.journey.v1Dialect.statuses[status] ?? status;
}

function tasksOf(instance: Instance) {
  const segment = currentSegment(instance);
  const taskId = instance.taskIds[instance.segmentIndex];
  if (phaseOf(instance) !== 'collecting' || !segment || !taskId) return [];
  return [{ segment, taskId }];
}

/** v1 `task/list`. */
export function taskListView(instance: Instance) {
  return {
    instanceId: instance.id,
    status: v1StatusOf(instance),
    tasks: tasksOf(instance).map(({ segment, taskId }) => ({ taskId, variantId: segment.variantId })),
  };
}

/** v1 `task/list/schema`: each task refers to its schema in `schemas`. */
export function taskListWithSchemaView(instance: Instance) {
  const tasks = tasksOf(instance);
  return {
    instanceId: instance.id,
    status: v1StatusOf(instance),
    tasks: tasks.map(({ segment, taskId }) => ({
      taskId,
      variantId: segment.variantId,
      schema: { $ref: `#/schemas/${segment.id}` },
    })),
    schemas: Object.fromEntries(
      tasks.map(({ segment }) => [segment.id, taskSchemaOf(instance.journey, segment, instance.side2 === 'required')]),
    ),
  };
}

/** The decision's `result.outcome` in the dialect's wording; an operator's own decision is written as given. */
function decisionWording(dialect: V1Dialect, decision: string): string {
  return Object.hasOwn(dialect.decision.outcomes, decision)
    ? dialect.decision.outcomes[decision as keyof V1Dialect['decision']['outcomes']]
    : `Decision: ${decision}`;
}

/**
 * v1 `state/fetch` in the journey's dialect: each module's entry under its `variantId`, the decision under the
 * dialect's key once the journey is decided, at `data.process.flow` or `data.context.process.flow` (there with
 * `result.status` beside it, as the live caller saw), and nothing in `data` until then if the dialect says so.
 */
export function v1StateView(instance: Instance, filterKeys?: readonly string[]) {
  const dialect = instance.journey.v1Dialect;
  const subject = instance.subject;
  const flow: Record<string, unknown> = {};
  for (const step of instance.steps) {
    flow[step.module.variantId] = {
      ...dialect.entryFields,
      result: {
        outcome: step.result.outcome,
        classification: step.result.classification,
        status: step.result.error ? 'error' : 'complete',
        advice: step.result.contains,
      },
      subject,
    };
  }
  const decision = instance.status === 'Completed' ? (instance.customDecision ?? instance.decision) : undefined;
  if (decision) flow[dialect.decision.key] = { ...dialect.entryFields, result: { outcome: decisionWording(dialect, decision) }, subject };
  const failed = instance.status === 'Failed' || instance.status === 'Error';
  const process = { flow: filterFlow(flow, filterKeys) };
  return {
    instanceId: instance.id,
    status: v1StatusOf(instance),
    metaData: {
      createdTime: new Date(instance.createdAt).toISOString(),
      completedTime: instance.completedAt === undefined ? '' : new Date(instance.completedAt).toISOString(),
    },
    data:
      dialect.omitUntilDecided && decision === undefined && !failed
        ? {}
        : dialect.layout === 'process'
          ? { process }
          : { context: { process, result: { status: failed ? 'error' : decision === undefined ? 'pending' : 'complete' } } },
  };
}
