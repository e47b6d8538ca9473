import { request } from './gateway';
import { type V2Interaction, type V2State, interactionIdToSubmit, moduleSteps, participantsFor } from './journey-v2';

type TaskList = { instanceId: string; status: string; tasks: { taskId: string }[] };
type State = { status: string; data: { process: { flow: Record<string, { result: { outcome: string } }> } } };

export async function verify(token: string, identity: { firstName: string; lastNames: string[]; dateOfBirth: string }) {
  const { instanceId } = await request<{ instanceId: string }>('POST', 'v2/captain/journey/start', token, {
    resourceId: 'b2e8d4a1data-check-v2@latest',
    context: { config: { delivery: 'api' }, subject: {} },
  });
  const list = await request<V2Interaction>('POST', 'v2/captain/journey/interaction/fetch', token, { instanceId });
  await request('POST', 'v2/captain/journey/interaction/submit', token, {
    instanceId,
    interactionId: interactionIdToSubmit(list),
    participants: participantsFor(list, { identity }),
    context: { subject: { identity } },
  });
  const state = await request<V2State>('POST', 'v2/captain/journey/state/fetch', token, { instanceId });
  if (state.status === 'Failed' || state.status === 'Error') return 'failed';
  return moduleSteps(state).map((entry) => entry.result.outcome);
}
