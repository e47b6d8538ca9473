import { dataCheckApi } from './axios-factory-api';
import { createJourneyHttp } from './axios-factory-index';
import { moduleSteps } from './journey-v2';

/** Polls through a helper typed by what the factory returns. */
async function settled(http: ReturnType<typeof createJourneyHttp>, instanceId: string) {
  let state = await dataCheckApi.state(http, instanceId);
  while (state.status === 'InProgress') state = await dataCheckApi.state(http, instanceId);
  return state;
}

export async function runDataCheck(token: string, subject: object) {
  const http = createJourneyHttp(token);
  const instanceId = await dataCheckApi.start(http, {});
  const taskId = await dataCheckApi.nextTask(http, instanceId);
  if (taskId !== undefined) await dataCheckApi.complete(http, instanceId, taskId, subject);
  const state = await settled(http, instanceId);
  return { failed: (state.status === 'Failed' || state.status === 'Error'), outcomes: moduleSteps(state).map((entry) => entry.result.outcome) };
}
