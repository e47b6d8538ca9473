import axios from 'axios';

// The instance goes to axios's own post, to an address the codemod cannot read: this start stays v1. The `post`
// audit-state declares is another function, whose flow is not this one.
export async function auditStart(auditUrl: string): Promise<void> {
  // journey-codemod: unsupported [codemod.unfollowed-instance] its instance is sent at line 13 to code the codemod cannot read, which may call v1 with it → v2: send the id only through functions of the project whose requests name their v1 path (a literal or a constant), or migrate those calls with this flow by hand
  const res = await fetch('https://eu.platform.go.gbgplc.com/captain/api/journey/start', {
    method: 'POST',
    body: JSON.stringify({ resourceId: 'a1d7c3f0data-check-v1@latest', context: { config: { async: true }, subject: {} } }),
  });
  const { instanceId } = (await res.json()) as { instanceId: string };
  // journey-codemod: unsupported [codemod.unfollowed-instance] the journey's id is sent to axios.post, which the codemod cannot read (a method of a class it cannot see, a request whose URL it cannot resolve, an unknown callee): the calls made there with it may stay v1 → v2: send the id only through functions of the project whose requests name their v1 path (a literal or a constant), or migrate those calls with this flow by hand
  await axios.post(auditUrl, { instanceId });
}
