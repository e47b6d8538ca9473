import { DEFAULT_DECISION_OUTCOMES, filterFlow, taskJsonSchemaFor, toV1Status } from '@journey-bridge/contract';
import { currentSegment, type Instance, phaseOf } from './engine.js';
import type { SegmentDefinition } from './journey-definition.js';

/** The Draft-07 schema of a v1 task: `{ context: { subject } }` with the segment's elements. */
export const taskSchemaOf = (segment: SegmentDefinition): Record<string, unknown> =>
  taskJsonSchemaFor(segment.collects.map((entry) => ({ id: entry.element, spec: entry.spec })));

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
    status: toV1Status(instance.status),
    tasks: tasksOf(instance).map(({ segment, taskId }) => ({ taskId, variantId: segment.variantId })),
  };
}

/** v1 `task/list/schema`: each task refers to its schema in `schemas`. */
export function taskListWithSchemaView(instance: Instance) {
  const tasks = tasksOf(instance);
  return {
    instanceId: instance.id,
    status: toV1Status(instance.status),
    tasks: tasks.map(({ segment, taskId }) => ({
      taskId,
      variantId: segment.variantId,
      schema: { $ref: `#/schemas/${segment.id}` },
    })),
    schemas: Object.fromEntries(tasks.map(({ segment }) => [segment.id, taskSchemaOf(segment)])),
  };
}

/** v1 `state/fetch`: results under `data.process.flow.<variantId>`, each with `result` and `subject`. */
export function v1StateView(instance: Instance, filterKeys?: readonly string[]) {
  const flow: Record<string, unknown> = {};
  for (const step of instance.steps) {
    flow[step.module.variantId] = {
      result: {
        outcome: step.result.outcome,
        classification: step.result.classification,
        status: step.result.error ? 'error' : 'complete',
        advice: step.result.contains,
      },
      subject: instance.subject,
    };
  }
  const decision = instance.customDecision ?? instance.decision;
  if (instance.status === 'Completed' && decision) {
    flow[instance.journey.evaluation.variantId] = {
      result: { outcome: DEFAULT_DECISION_OUTCOMES[decision as keyof typeof DEFAULT_DECISION_OUTCOMES] ?? `Decision: ${decision}` },
      subject: instance.subject,
    };
  }
  return {
    instanceId: instance.id,
    status: toV1Status(instance.status),
    metaData: {
      createdTime: new Date(instance.createdAt).toISOString(),
      completedTime: instance.completedAt === undefined ? '' : new Date(instance.completedAt).toISOString(),
    },
    data: { process: { flow: filterFlow(flow, filterKeys) } },
  };
}
