import axios from 'axios';
import { nonceHeaders, rotatingHeaders, signedHeaders } from './auth';

// Each of these would run something again on every fetch, or may: kept on v1.
export async function completeSigned(instanceId: string, taskId: string, subject: object, token: string): Promise<void> {
  // journey-codemod: unsupported [request.update-participants] participants come from what the interaction asks for, and it cannot be fetched here: written the way the call is made, each fetch would run signedHeaders(token) again → v2: participants: the elements of interaction.outstanding (else interaction.collects) that the subject carries
  await axios.post('https://eu.platform.go.gbgplc.com/captain/api/journey/task/update', { intent: 'Complete', instanceId, taskId, context: { subject } }, { headers: signedHeaders(token) });
}

export async function completeWithNonce(instanceId: string, taskId: string, subject: object, token: string): Promise<void> {
  // journey-codemod: unsupported [request.update-participants] participants come from what the interaction asks for, and it cannot be fetched here: written the way the call is made, each fetch would run nonceHeaders(token) again → v2: participants: the elements of interaction.outstanding (else interaction.collects) that the subject carries
  await axios.post('https://eu.platform.go.gbgplc.com/captain/api/journey/task/update', { intent: 'Complete', instanceId, taskId, context: { subject } }, { headers: nonceHeaders(token) });
}

export async function completeRotated(instanceId: string, taskId: string, subject: object, token: string): Promise<void> {
  // journey-codemod: unsupported [request.update-participants] participants come from what the interaction asks for, and it cannot be fetched here: written the way the call is made, each fetch would run rotatingHeaders(token) again → v2: participants: the elements of interaction.outstanding (else interaction.collects) that the subject carries
  await axios.post('https://eu.platform.go.gbgplc.com/captain/api/journey/task/update', { intent: 'Complete', instanceId, taskId, context: { subject } }, { headers: rotatingHeaders(token) });
}
