import axios from 'axios';
import { authHeaders, basicAuth, nonceHeaders, rotatingHeaders, signedHeaders } from './auth';

// Imported functions that only compute: the interaction fetch is written the way the update is made.
export async function completeWithBearer(instanceId: string, taskId: string, subject: object, token: string): Promise<void> {
  await axios.post('https://eu.platform.go.gbgplc.com/captain/api/journey/task/update', { intent: 'Complete', instanceId, taskId, context: { subject } }, { headers: authHeaders(token) });
}

export async function completeWithBasic(instanceId: string, taskId: string, subject: object, secret: string): Promise<void> {
  await axios.post('https://eu.platform.go.gbgplc.com/captain/api/journey/task/update', { intent: 'Complete', instanceId, taskId, context: { subject } }, { headers: { authorization: basicAuth('client', secret) } });
}

// Each of these would run something again on every fetch, or may: kept on v1.
export async function completeSigned(instanceId: string, taskId: string, subject: object, token: string): Promise<void> {
  await axios.post('https://eu.platform.go.gbgplc.com/captain/api/journey/task/update', { intent: 'Complete', instanceId, taskId, context: { subject } }, { headers: signedHeaders(token) });
}

export async function completeWithNonce(instanceId: string, taskId: string, subject: object, token: string): Promise<void> {
  await axios.post('https://eu.platform.go.gbgplc.com/captain/api/journey/task/update', { intent: 'Complete', instanceId, taskId, context: { subject } }, { headers: nonceHeaders(token) });
}

export async function completeRotated(instanceId: string, taskId: string, subject: object, token: string): Promise<void> {
  await axios.post('https://eu.platform.go.gbgplc.com/captain/api/journey/task/update', { intent: 'Complete', instanceId, taskId, context: { subject } }, { headers: rotatingHeaders(token) });
}
