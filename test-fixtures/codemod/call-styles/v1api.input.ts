import { clientCredentials, createV1Client, type V1Api } from '@journey-bridge/client';

export const api: V1Api = createV1Client({
  baseUrl: 'https://eu.platform.go.gbgplc.com/captain/api/',
  auth: clientCredentials({ clientId: 'demo-client', clientSecret: 'demo-secret' }),
});

export async function verify(journeys: V1Api, subject: { identity: { firstName: string; lastNames: string[]; dateOfBirth: string } }) {
  const { instanceId } = await journeys.startJourney({
    resourceId: 'a1d7c3f0data-check-v1@latest',
    context: { config: { async: true }, subject: {} },
  });
  const list = await journeys.listTasks({ instanceId });
  const task = list.tasks[0];
  if (!task) return undefined;
  await journeys.updateTask({ intent: 'Complete', instanceId, taskId: task.taskId, context: { subject } });
  const state = await journeys.fetchState({ instanceId });
  return state.status === 'Failed' ? 'failed' : 'done';
}
