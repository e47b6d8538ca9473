import axios from 'axios';

// The instance goes to axios's own post, to an address the codemod cannot read: this start stays v1. The `post`
// audit-state declares is another function, whose flow is not this one.
export async function auditStart(auditUrl: string): Promise<void> {
  const res = await fetch('https://eu.platform.go.gbgplc.com/captain/api/journey/start', {
    method: 'POST',
    body: JSON.stringify({ resourceId: 'a1d7c3f0data-check-v1@latest', context: { config: { async: true }, subject: {} } }),
  });
  const { instanceId } = (await res.json()) as { instanceId: string };
  await axios.post(auditUrl, { instanceId });
}
