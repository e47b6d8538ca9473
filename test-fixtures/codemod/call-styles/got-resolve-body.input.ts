import got from 'got';

const client = got.extend({ prefixUrl: 'https://us.platform.go.gbgplc.com/captain/api/journey' });

export async function runCheck(documents: unknown[]): Promise<string> {
  const started = await client.post('start', { json: { resourceId: 'c3f9e5b2doc-selfie-v1@latest', context: { subject: {} } }, responseType: 'json', resolveBodyOnly: true }) as { instanceId: string };
  const instanceId = started.instanceId;
  const list = await client.post('task/list', { json: { instanceId } }).json<{ tasks: { taskId: string }[] }>();
  for (const task of list.tasks) {
    await client.post('task/update', { json: { intent: 'Complete', instanceId, taskId: task.taskId, context: { subject: { documents } } } });
  }
  const state = await client.post('state/fetch', { json: { instanceId } }).json<{ status: string }>();
  return state.status === 'Failed' ? 'failed' : 'ok';
}
