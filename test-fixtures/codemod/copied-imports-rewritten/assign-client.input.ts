import axios from 'axios';
import { authHeaders } from './assign-auth';

export async function complete(instanceId: string, taskId: string, subject: object, token: string): Promise<void> {
  await axios.post('https://eu.platform.go.gbgplc.com/captain/api/journey/task/update', { intent: 'Complete', instanceId, taskId, context: { subject } }, { headers: authHeaders(token) });
}
