import { KycClient } from './kyc-client';

export async function kycFailed(token: string, instanceId: string): Promise<boolean> {
  const client = new KycClient(token);
  const { status } = await client.outcome(instanceId);
  return status === 'Failed';
}
