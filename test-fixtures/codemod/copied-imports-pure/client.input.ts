import axios from 'axios';
import { authHeaders, basicAuth } from './headers';

// Imported functions that only compute: the interaction fetch is written the way the update is made.
export async function completeWithBearer(instanceId: string, taskId: string, subject: object, token: string): Promise<void> {
  await axios.post('https://eu.platform.go.gbgplc.com/captain/api/journey/task/update', { intent: 'Complete', instanceId, taskId, context: { subject } }, { headers: authHeaders(token) });
}

export async function completeWithBasic(instanceId: string, taskId: string, subject: object, secret: string): Promise<void> {
  await axios.post('https://eu.platform.go.gbgplc.com/captain/api/journey/task/update', { intent: 'Complete', instanceId, taskId, context: { subject } }, { headers: { authorization: basicAuth('client', secret) } });
}
