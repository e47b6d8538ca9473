import ky from 'ky';
// Starts a follow-up journey, tagged with the instance it follows.
export async function startFollowUp(subject: object, token: string, instanceId: string) {
  const started = await ky
    .post('https://eu.platform.go.gbgplc.com/captain/api/journey/start', {
      json: { resourceId: 'a1d7c3f0data-check-v1@latest', context: { subject } },
      headers: { authorization: `Bearer ${token}`, 'x-parent-instance': instanceId },
    })
    .json<{ instanceId: string }>();
  return ky.post('https://eu.platform.go.gbgplc.com/captain/api/journey/task/list', { json: { instanceId: started.instanceId } }).json();
}
