import ky from 'ky';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function waitForTask(instanceId: string): Promise<string | undefined> {
  let list = await ky.post('https://eu.platform.go.gbgplc.com/v2/captain/journey/interaction/fetch', { json: { instanceId } }).json<any>();
  while (list.journey?.status === 'InProgress' && list.interactionId === undefined) {
    await sleep(100);
    list = await ky.post('https://eu.platform.go.gbgplc.com/v2/captain/journey/interaction/fetch', { json: { instanceId } }).json<any>();
  }
  return list.interactionId;
}

export async function listStatus(token: string, instanceId: string) {
  const res = await fetch('https://eu.platform.go.gbgplc.com/v2/captain/journey/interaction/fetch', {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}` },
    body: JSON.stringify({ instanceId }),
  });
  const list = await res.json();
  return { http: res.status, journey: list.journey?.status };
}
