import { post } from './wrapper';

// Saves what the applicant typed so far: v1 keeps a draft; v2 has none.
export async function saveDraft(token: string, instanceId: string, taskId: string, subject: object) {
  // journey-codemod: unsupported [request.update-intent] intent 'Save' has no v2 counterpart: v2 only takes complete elements → v2: { instanceId, interactionId, participants: [{ domainElementId: 'FullName' }], context: { subject } }
  await post('task/update', token, { intent: 'Save', instanceId, taskId, context: { subject } });
}
