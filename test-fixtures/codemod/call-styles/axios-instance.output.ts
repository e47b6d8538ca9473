import axios from 'axios';

const journeys = axios.create({ baseURL: 'https://eu.platform.go.gbgplc.com/v2/captain/', timeout: 30_000 });

export async function nextTask(instanceId: string): Promise<string | undefined> {
  const { data } = await journeys.post('journey/interaction/fetch', { instanceId });
  if (data.interactionId === undefined) return undefined;
  return data.interactionId;
}

export async function start(subject: object) {
  const { data } = await journeys.post('journey/start', {
    resourceId: 'd4a0f6c3doc-selfie-v2@latest',
    context: { config: { delivery: 'api' }, subject },
  });
  return data.instanceId as string;
}
