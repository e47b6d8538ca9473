import type { V1Api } from '@journey-bridge/client';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function verify(api: V1Api, person: { firstName: string; lastName: string; dateOfBirth: string }) {
  const { instanceId } = await api.startJourney({
    resourceId: 'a1d7c3f0data-check-v1@latest',
    context: { config: { async: true }, subject: {} },
  });

  let list = await api.listTasks({ instanceId });
  while (list.tasks.length === 0) {
    await sleep(20);
    list = await api.listTasks({ instanceId });
  }
  const [task] = list.tasks;
  if (!task) throw new Error('no task to complete');

  const subject = { identity: { firstName: person.firstName, lastNames: [person.lastName], dateOfBirth: person.dateOfBirth } };
  await api.updateTask({ intent: 'Complete', instanceId, taskId: task.taskId, context: { subject } });

  let state = await api.fetchState({ instanceId });
  while (state.status === 'InProgress') {
    await sleep(20);
    state = await api.fetchState({ instanceId });
  }
  return { status: state.status };
}
