import axios from 'axios';

const http = axios.create({ baseURL: 'https://eu.platform.go.gbgplc.com/captain/api/journey/' });

// callers get the body, not the axios response (axios's types do not know: the answers are typed any)
http.interceptors.response.use(({ data }) => data);

export async function verify(subject: { identity: object }): Promise<{ approved: boolean; checks: string[] }> {
  const started: any = await http.post('start', {
    resourceId: 'a1d7c3f0data-check-v1@latest',
    context: { config: { async: true }, subject },
  });
  const instanceId: string = started.instanceId;
  let list: any = await http.post('task/list', { instanceId });
  while (list.tasks.length === 0) list = await http.post('task/list', { instanceId });
  const task = list.tasks[0];
  await http.post('task/update', { intent: 'Complete', instanceId, taskId: task.taskId, context: { subject } });
  const state: any = await http.post('state/fetch', { instanceId });
  const checks = Object.values(state.data.process.flow).map((entry: any) => entry.result.outcome);
  const approved = state.data.process.flow.decision.result.outcome === 'Decision: Pass';
  return { approved, checks };
}
