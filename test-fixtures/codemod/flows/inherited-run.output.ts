import { OnboardingClient } from './inherited-client';
import { moduleSteps } from './journey-v2';

export async function onboard(token: string, subject: object): Promise<{ failed: boolean; outcomes: string[] }> {
  const client = new OnboardingClient(token);
  const instanceId = await client.begin({});
  const taskId = await client.pendingTask(instanceId);
  if (taskId) await client.submit(instanceId, taskId, subject);
  let state = await client.state(instanceId);
  while (state.status === 'InProgress') {
    await new Promise((resolve) => setTimeout(resolve, 200));
    state = await client.state(instanceId);
  }
  return {
    failed: (state.status === 'Failed' || state.status === 'Error'),
    outcomes: moduleSteps(state).map((entry) => entry.result.outcome),
  };
}
