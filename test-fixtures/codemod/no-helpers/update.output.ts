import axios from 'axios';

export async function submit(instanceId: string, taskId: string, subject: Record<string, unknown>) {
  // journey-codemod: unsupported [request.update-participants] the subject is not visible in the code and helpers are off (--no-helpers) → v2: { instanceId, interactionId, participants: [{ domainElementId: 'FullName' }], context: { subject } }
  await axios.post('https://eu.platform.go.gbgplc.com/captain/api/journey/task/update', { intent: 'Complete', instanceId, taskId, context: { subject } });
}
