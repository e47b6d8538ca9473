import axios from 'axios';
import { nonceHeaders, rotatingHeaders, signedHeaders } from './auth';

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
