import got from 'got';

const client = got.extend({ prefixUrl: 'https://au.platform.go.gbgplc.com/captain/api/journey' });

export async function runCheck(documents: unknown[]): Promise<string> {
  // journey-codemod: unsupported [request.start-async] the wait cannot be written here: it answers the body's text (resolveBodyOnly without responseType 'json') → v2: wait with waitForResult(start, (instanceId) => <state fetch>) before reading results
  const text = await client.post('start', { json: { resourceId: 'c3f9e5b2doc-selfie-v1@latest', context: { subject: {} } }, resolveBodyOnly: true });
  const instanceId: string = JSON.parse(text).instanceId;
  // journey-codemod: unsupported [codemod.shared-constant] shares the literal at line 3 of this file with the v1 code at line 7 of this file, which stays v1
  const list = await client.post('task/list', { json: { instanceId } }).json<{ tasks: { taskId: string }[] }>();
  // journey-codemod: unsupported [request.start-async] reads what the v1 call at line 10 of this file answers, which stays v1
  for (const task of list.tasks) {
    // journey-codemod: unsupported [codemod.shared-constant] shares the literal at line 3 of this file with the v1 code at line 7 of this file, which stays v1
    await client.post('task/update', { json: { intent: 'Complete', instanceId, taskId: task.taskId, context: { subject: { documents } } } });
  }
  // journey-codemod: unsupported [codemod.shared-constant] shares the literal at line 3 of this file with the v1 code at line 7 of this file, which stays v1
  const state = await client.post('state/fetch', { json: { instanceId } }).json<{ status: string }>();
  // journey-codemod: unsupported [request.start-async] reads what the v1 call at line 17 of this file answers, which stays v1
  return state.status === 'Failed' ? 'failed' : 'ok';
}
