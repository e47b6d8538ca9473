import axios from 'axios';

export async function firstTask(instanceId: string) {
  const { data: list } = await axios.post('https://eu.platform.go.gbgplc.com/captain/api/journey/task/list', { instanceId });
  const [task] = list.tasks;
  if (!task) return undefined;
  return { id: task.taskId, variant: task.variantId };
}

export async function allTasks(instanceId: string) {
  const { data: list } = await axios.post('https://eu.platform.go.gbgplc.com/captain/api/journey/task/list', { instanceId });
  return list.tasks.map((task: { taskId: string }) => task.taskId);
}
