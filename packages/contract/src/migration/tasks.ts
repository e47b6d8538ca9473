import type { ElementCatalogue } from '../element-catalogue.js';
import { decidedV1Status } from '../status.js';
import type { V1TaskList, V1TaskListWithSchema } from '../v1.js';
import type { Interaction } from '../v2.js';
import { backRequired } from './document-back.js';
import { encodeTaskId } from './task-id.js';
import { collectedElements, taskJsonSchemaFor } from './task-schema.js';

/** The v1 variantId of a task by its interaction's resource id; by default the resource id itself. */
export type TaskVariantIds = (interactionResourceId: string) => string;
const sameId: TaskVariantIds = (id) => id;

/**
 * The one task an active interaction shows, or none while modules run or after the journey ends. A paused
 * journey's task stays listed, as v1 listed it; it takes no update until the journey resumes.
 */
function activeTask(interaction: Interaction, variantIdOf: TaskVariantIds) {
  const status = interaction.journey?.status ?? 'InProgress';
  if (interaction.processing || !interaction.interactionId || (status !== 'InProgress' && status !== 'Paused')) return undefined;
  const collects = interaction.interaction?.collects ?? [];
  if (collects.length === 0) return undefined;
  const key = interaction.interaction?.resource?.id ?? interaction.interactionId;
  return {
    taskId: encodeTaskId(interaction.instanceId, interaction.interactionId),
    variantId: variantIdOf(key),
    key,
    elements: collectedElements(collects),
  };
}

/** `task/list` from an interaction fetch. */
export function toV1TaskList(interaction: Interaction, variantIdOf: TaskVariantIds = sameId): V1TaskList {
  const task = activeTask(interaction, variantIdOf);
  return {
    instanceId: interaction.instanceId,
    status: decidedV1Status(interaction.journey?.status ?? 'InProgress', interaction.result?.status),
    tasks: task ? [{ taskId: task.taskId, variantId: task.variantId }] : [],
  };
}

/**
 * `task/list/schema` from an interaction fetch: the task refers to its Draft-07 schema in `schemas`, made with
 * `catalogue` (default: the specification's six elements).
 */
export function toV1TaskListWithSchema(
  interaction: Interaction,
  variantIdOf: TaskVariantIds = sameId,
  catalogue?: ElementCatalogue,
): V1TaskListWithSchema {
  const task = activeTask(interaction, variantIdOf);
  return {
    instanceId: interaction.instanceId,
    status: decidedV1Status(interaction.journey?.status ?? 'InProgress', interaction.result?.status),
    tasks: task ? [{ taskId: task.taskId, variantId: task.variantId, schema: { $ref: `#/schemas/${task.key}` } }] : [],
    schemas: task
      ? {
          [task.key]: taskJsonSchemaFor(task.elements, catalogue, {
            backRequired: backRequired(interaction),
          }) as V1TaskListWithSchema['schemas'][string],
        }
      : {},
  };
}
