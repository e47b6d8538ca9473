import got from 'got';

const JOURNEY_API = `${process.env.JOURNEY_HOST}/eu/captain/api/`;

export interface TaskList {
  instanceId: string;
  status: string;
  tasks: { taskId: string }[];
}

/** Every journey request: got's own promise, parsed (or not) by its caller. */
function call(path: string, token: string, json: object) {
  return got.post(JOURNEY_API + path, { headers: { authorization: `Bearer ${token}` }, json, retry: { limit: 0 } });
}

export async function begin(token: string, subject: object): Promise<string> {
  const started = (await got.post(`${JOURNEY_API}journey/start`, {
    headers: { authorization: `Bearer ${token}` },
    json: { resourceId: 'a1d7c3f0data-check-v1@latest', context: { subject } },
    responseType: 'json',
    resolveBodyOnly: true,
    retry: { limit: 0 },
  })) as { instanceId: string };
  return started.instanceId;
}

export function tasks(token: string, instanceId: string): Promise<TaskList> {
  return call('journey/task/list', token, { instanceId }).json<TaskList>();
}

export async function complete(token: string, instanceId: string, taskId: string, subject: object): Promise<void> {
  await call('journey/task/update', token, { intent: 'Complete', instanceId, taskId, context: { subject } });
}

export async function status(token: string, instanceId: string): Promise<string> {
  const state = await call('journey/state/fetch', token, { instanceId }).json<{ status: string }>();
  return state.status;
}
