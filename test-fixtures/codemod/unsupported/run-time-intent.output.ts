import axios from 'axios';

export async function updatePage(instanceId: string, taskId: string, subject: object, isLast: boolean) {
  // journey-codemod: unsupported [request.update-intent] the intent (isLast ? 'Complete' : 'Save') is set at run time and may be a Save or a Validate, which have no v2 counterpart: v2 only takes complete elements → v2: { instanceId, interactionId, participants: [{ domainElementId: 'FullName' }], context: { subject } }
  return axios.post('https://eu.platform.go.gbgplc.com/captain/api/journey/task/update', {
    intent: isLast ? 'Complete' : 'Save',
    instanceId,
    taskId,
    context: { subject },
  });
}
