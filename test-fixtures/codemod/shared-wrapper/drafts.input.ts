import { post } from './wrapper';

// Saves what the applicant typed so far: v1 keeps a draft; v2 has none.
export async function saveDraft(token: string, instanceId: string, taskId: string, subject: object) {
  await post('task/update', token, { intent: 'Save', instanceId, taskId, context: { subject } });
}
