import { request } from './gateway';

type TaskList = { instanceId: string; status: string; tasks: { taskId: string }[] };
type State = { status: string; data: { process: { flow: Record<string, { result: { outcome: string } }> } } };

export async function verify(token: string, identity: { firstName: string; lastNames: string[]; dateOfBirth: string }) {
  const { instanceId } = await request<{ instanceId: string }>('POST', 'captain/api/journey/start', token, {
    resourceId: 'a1d7c3f0data-check-v1@latest',
    context: { config: { async: true }, subject: {} },
  });
  const list = await request<TaskList>('POST', 'captain/api/journey/task/list', token, { instanceId });
  await request('POST', 'captain/api/journey/task/update', token, {
    intent: 'Complete',
    instanceId,
    taskId: list.tasks[0].taskId,
    context: { subject: { identity } },
  });
  const state = await request<State>('POST', 'captain/api/journey/state/fetch', token, { instanceId });
  if (state.status === 'Failed') return 'failed';
  return Object.values(state.data.process.flow).map((entry) => entry.result.outcome);
}
