import ky from 'ky';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function waitForTask(instanceId: string): Promise<string | undefined> {
  let list = await ky.post('https://eu.platform.go.gbgplc.com/captain/api/journey/task/list', { json: { instanceId } }).json<any>();
  while (list.status === 'InProgress' && list.tasks.length === 0) {
    await sleep(100);
    list = await ky.post('https://eu.platform.go.gbgplc.com/captain/api/journey/task/list', { json: { instanceId } }).json<any>();
  }
  return list.tasks[0]?.taskId;
}

export async function listStatus(token: string, instanceId: string) {
  const res = await fetch('https://eu.platform.go.gbgplc.com/captain/api/journey/task/list', {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}` },
    body: JSON.stringify({ instanceId }),
  });
  const list = await res.json();
  return { http: res.status, failed: list.status === 'Failed' };
}
