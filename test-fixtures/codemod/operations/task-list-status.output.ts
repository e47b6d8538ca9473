import ky from 'ky';
import { pendingInteractionId } from './journey-v2.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function waitForTask(instanceId: string): Promise<string | undefined> {
  let list = await ky.post('https://eu.platform.go.gbgplc.com/v2/captain/journey/interaction/fetch', { json: { instanceId } }).json<any>();
  while (list.journey?.status === 'InProgress' && pendingInteractionId(list) === undefined) {
    await sleep(100);
    list = await ky.post('https://eu.platform.go.gbgplc.com/v2/captain/journey/interaction/fetch', { json: { instanceId } }).json<any>();
  }
  return pendingInteractionId(list);
}

export async function listStatus(token: string, instanceId: string) {
  const res = await fetch('https://eu.platform.go.gbgplc.com/v2/captain/journey/interaction/fetch', {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}` },
    body: JSON.stringify({ instanceId }),
  });
  const list = await res.json();
  return { http: res.status, failed: (list.journey?.status === 'Failed' || list.journey?.status === 'Error') };
}
