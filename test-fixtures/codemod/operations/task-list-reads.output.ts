import axios from 'axios';

export async function firstTask(instanceId: string) {
  const { data: list } = await axios.post('https://eu.platform.go.gbgplc.com/v2/captain/journey/interaction/fetch', { instanceId });
  const task = list.interactionId;
  if (!task) return undefined;
  // journey-codemod: needs-review [response.variant-id] task.variantId has no v2 counterpart on an interaction → v2: read the interaction fetch response (interaction.resource.id, collects)
  return { id: task, variant: task.variantId };
}

export async function allTasks(instanceId: string) {
  // journey-codemod: unsupported [endpoint.task-list] its result is read at line 12 in a way that has no v2 counterpart → v2: list.interactionId (undefined while modules run)
  const { data: list } = await axios.post('https://eu.platform.go.gbgplc.com/captain/api/journey/task/list', { instanceId });
  // journey-codemod: unsupported [endpoint.task-list] v2 has one active interaction, not a list of tasks → v2: list.interactionId (undefined while modules run)
  return list.tasks.map((task: { taskId: string }) => task.taskId);
}
