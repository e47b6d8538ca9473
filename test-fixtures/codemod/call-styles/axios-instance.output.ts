import axios from 'axios';
import { interactionIdToSubmit, pendingInteractionId } from './journey-v2.js';

const journeys = axios.create({ baseURL: 'https://eu.platform.go.gbgplc.com/v2/captain/', timeout: 30_000 });

export async function nextTask(instanceId: string): Promise<string | undefined> {
  const { data } = await journeys.post('journey/interaction/fetch', { instanceId });
  if (pendingInteractionId(data) === undefined) return undefined;
  return interactionIdToSubmit(data);
}

export async function start(subject: object) {
  const { data } = await journeys.post('journey/start', {
    resourceId: 'd4a0f6c3doc-selfie-v2@latest',
    context: { config: { delivery: 'api' }, subject },
  });
  return data.instanceId as string;
}
