import axios from 'axios';

export async function firstTask(instanceId: string) {
  // journey-codemod: unsupported [response.variant-id] its result is read at line 10 in a way that has no v2 counterpart → v2: read the interaction fetch response (interaction.resource.id, collects)
  const { data: list } = await axios.post('https://eu.platform.go.gbgplc.com/captain/api/journey/task/list', { instanceId });
  // journey-codemod: unsupported [response.variant-id] reads what the v1 call at line 5 of this file answers, which stays v1
  const [task] = list.tasks;
  if (!task) return undefined;
  // journey-codemod: unsupported [response.variant-id] task.variantId has no v2 counterpart: the task becomes the interaction's id → v2: read the interaction fetch response (interaction.resource.id, collects)
  return { id: task.taskId, variant: task.variantId };
}

export async function allTasks(instanceId: string) {
  // journey-codemod: unsupported [endpoint.task-list] its result is read at line 17 in a way that has no v2 counterpart → v2: pendingInteractionId(list) (undefined while modules run and once the journey has ended)
  const { data: list } = await axios.post('https://eu.platform.go.gbgplc.com/captain/api/journey/task/list', { instanceId });
  // journey-codemod: unsupported [endpoint.task-list] v2 has one active interaction, not a list of tasks → v2: pendingInteractionId(list) (undefined while modules run and once the journey has ended)
  return list.tasks.map((task: { taskId: string }) => task.taskId);
}
