import { KycClient } from './kyc-client';

export async function verify(token: string, subject: object) {
  const kyc = new KycClient(token);
  const { instanceId } = await kyc.start(subject);
  const list = await kyc.tasks(instanceId);
  if (list.tasks.length === 0) return instanceId;
  await kyc.complete(instanceId, list.tasks[0].taskId, subject);
  return instanceId;
}
