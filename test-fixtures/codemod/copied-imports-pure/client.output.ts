import axios from 'axios';
import { authHeaders, basicAuth } from './headers';
import { participantsFor } from './journey-v2';

// Imported functions that only compute: the interaction fetch is written the way the update is made.
export async function completeWithBearer(instanceId: string, taskId: string, subject: object, token: string): Promise<void> {
  await axios.post('https://eu.platform.go.gbgplc.com/v2/captain/journey/interaction/submit', { instanceId, interactionId: taskId, participants: participantsFor(await axios.post('https://eu.platform.go.gbgplc.com/v2/captain/journey/interaction/fetch', { instanceId }, { headers: authHeaders(token) }).then((response) => response.data), subject), context: { subject } }, { headers: authHeaders(token) });
}

export async function completeWithBasic(instanceId: string, taskId: string, subject: object, secret: string): Promise<void> {
  await axios.post('https://eu.platform.go.gbgplc.com/v2/captain/journey/interaction/submit', { instanceId, interactionId: taskId, participants: participantsFor(await axios.post('https://eu.platform.go.gbgplc.com/v2/captain/journey/interaction/fetch', { instanceId }, { headers: { authorization: basicAuth('client', secret) } }).then((response) => response.data), subject), context: { subject } }, { headers: { authorization: basicAuth('client', secret) } });
}
