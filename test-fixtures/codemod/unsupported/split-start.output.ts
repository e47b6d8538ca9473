import { SplitKycClient } from './split-client';

/** The start names its v1 URL; the task calls go through a base class whose URL is a getter: one journey. */
export async function verifyApplicant(token: string): Promise<string | undefined> {
  // journey-codemod: unsupported [codemod.unfollowed-instance] its instance is sent at line 10 of split-client.ts to code the codemod cannot read, which may call v1 with it → v2: send the id only through functions of the project whose requests name their v1 path (a literal or a constant), or migrate those calls with this flow by hand
  const res = await fetch(`${process.env.JOURNEY_HOST}/eu/captain/api/journey/start`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ resourceId: 'a1d7c3f0data-check-v1@latest', context: { subject: {} } }),
  });
  const { instanceId } = (await res.json()) as { instanceId: string };
  const client = new SplitKycClient(token);
  return client.pendingTask(instanceId);
}
