import got from 'got';

const BASE = 'https://eu.platform.go.gbgplc.com/captain/api/';

async function call(path: string, token: string, json: object) {
  return got.post(BASE + path, { headers: { authorization: `Bearer ${token}` }, json });
}

export async function complete(token: string, instanceId: string, taskId: string, subject: object): Promise<void> {
  await call('journey/task/update', token, { intent: 'Complete', instanceId, taskId, context: { subject } });
}
