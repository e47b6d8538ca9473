import axios from 'axios';

// The base comes from the environment: the calls through it can only move to v2 together.
const journeys = axios.create({ baseURL: process.env.JOURNEY_V1_BASE_URL });

export async function tasks(instanceId: string) {
  const { data } = await journeys.post('journey/task/list', { instanceId });
  return data;
}

export async function schema(taskId: string) {
  const { data } = await journeys.post('journey/task/schema', { taskId });
  return data;
}
