import axios from 'axios';

// The base comes from the environment: the calls through it can only move to v2 together.
const journeys = axios.create({ baseURL: process.env.JOURNEY_V1_BASE_URL });

export async function tasks(instanceId: string) {
  // journey-codemod: unsupported [codemod.shared-constant] shares its run-time base (journeys) with the v1 code at line 14 of this file, which stays v1
  const { data } = await journeys.post('journey/task/list', { instanceId });
  return data;
}

export async function schema(taskId: string) {
  // journey-codemod: unsupported [endpoint.task-schema] v2 fetches the interaction by instanceId; a taskId alone does not name it → v2: journey/interaction/fetch { instanceId }: the interaction carries collects[] { ref, spec } and outstanding[]
  const { data } = await journeys.post('journey/task/schema', { taskId });
  return data;
}
