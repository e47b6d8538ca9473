import { KycClient } from './kyc-client';

export async function kycFailed(token: string, instanceId: string): Promise<boolean> {
  const client = new KycClient(token);
  const { status } = await client.outcome(instanceId);
  // journey-codemod: unsupported [response.state-result] reads what the v1 call at line 7 of kyc-client.ts answers, which stays v1
  return status === 'Failed';
}
