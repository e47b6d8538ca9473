import got from 'got';
import { type V2Interaction, participantsFor } from './journey-v2.js';

const BASE = 'https://us.platform.go.gbgplc.com/v2/captain/';

function call(path: string, token: string, json: object) {
  return got.post(BASE + path, { headers: { authorization: `Bearer ${token}` }, json });
}

export async function complete(token: string, instanceId: string, taskId: string, subject: object): Promise<void> {
  await call('journey/interaction/submit', token, { instanceId, interactionId: taskId, participants: participantsFor(await call('journey/interaction/fetch', token, { instanceId }).json<V2Interaction>(), subject), context: { subject } });
}
