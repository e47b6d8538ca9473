// Was served from /captain/api/ until the migration: the v2 start answers more than v1's { instanceId }.
import axios from 'axios';

const journeys = axios.create({ baseURL: 'https://eu.platform.go.gbgplc.com/v2/captain/', timeout: 30_000 });

export async function start(subject: object) {
  const { data } = await journeys.post('journey/start', { resourceId: 'd4a0f6c3doc-selfie-v2@latest', context: { subject } });
  const { instanceId, createdAt } = data;
  return { instanceId: instanceId as string, createdAt: createdAt as string };
}
