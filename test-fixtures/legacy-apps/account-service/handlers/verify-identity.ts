import { JOURNEYS, PLATFORM } from '../config.js';
import type { JourneyApi } from '../journey-api.js';
import { type Applicant, subjectOf, type Verdict } from './applicant.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Checks an identity: the journey asks for the applicant in a task, then decides. */
export async function verifyIdentity(api: JourneyApi, applicant: Applicant): Promise<{ verdict: Verdict; checks: string[] }> {
  const { instanceId } = await api.start(JOURNEYS.identityCheck, {});
  let list = await api.tasks(instanceId);
  while (list.status === 'InProgress' && list.tasks.length === 0) {
    await sleep(PLATFORM.pollMs);
    list = await api.tasks(instanceId);
  }
  for (const task of list.tasks) await api.complete(instanceId, task.taskId, subjectOf(applicant));

  let state = await api.state(instanceId);
  while (state.status === 'InProgress') {
    await sleep(PLATFORM.pollMs);
    state = await api.state(instanceId);
  }
  if (state.status === 'Failed') return { verdict: 'error', checks: [] };
  const checks = Object.values(state.data.process?.flow ?? {})
    .map((entry) => entry.result.outcome)
    .filter((outcome) => !outcome.startsWith('Decision'))
    .sort();
  const decision = state.data.process?.flow.decision?.result.outcome;
  return { verdict: decision === 'Decision: Pass' ? 'pass' : decision === 'Decision: Reject' ? 'reject' : 'review', checks };
}
