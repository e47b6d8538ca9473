import { KycClient } from './kyc-client';

export async function verify(token: string, subject: object) {
  const kyc = new KycClient(token);
  const { instanceId } = await kyc.start(subject);
  const list = await kyc.tasks(instanceId);
  // journey-codemod: unsupported [request.update-intent] reads what the v1 call at line 18 of kyc-client.ts answers, which stays v1
  if (list.tasks.length === 0) return instanceId;
  // journey-codemod: unsupported [request.update-intent] reads what the v1 call at line 18 of kyc-client.ts answers, which stays v1
  await kyc.complete(instanceId, list.tasks[0].taskId, subject);
  return instanceId;
}
