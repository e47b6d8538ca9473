import axios from 'axios';

const journeys = axios.create({ baseURL: 'https://eu.platform.go.gbgplc.com/captain/api/', timeout: 30_000 });

export async function nextTask(instanceId: string): Promise<string | undefined> {
  const { data } = await journeys.post('journey/task/list', { instanceId });
  if (data.tasks.length === 0) return undefined;
  return data.tasks[0].taskId;
}

export async function start(subject: object) {
  const { data } = await journeys.post('journey/start', {
    resourceId: 'c3f9e5b2doc-selfie-v1@latest',
    context: { config: { async: true }, subject },
  });
  return data.instanceId as string;
}
