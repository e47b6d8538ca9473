import axios from 'axios';

export async function saveDraft(instanceId: string, taskId: string, subject: object) {
  // journey-codemod: unsupported [request.update-intent] intent 'Save' has no v2 counterpart: v2 only takes complete elements → v2: { instanceId, interactionId, participants: [{ domainElementId: 'FullName' }], context: { subject } }
  return axios.post('https://eu.platform.go.gbgplc.com/captain/api/journey/task/update', { intent: 'Save', instanceId, taskId, context: { subject } });
}
