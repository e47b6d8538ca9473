import ky from 'ky';
import { type V2Interaction, waitUntilRun } from './journey-v2.js';
// Starts a follow-up journey, tagged with the instance it follows.
export async function startFollowUp(subject: object, token: string, instanceId: string) {
  const started = await waitUntilRun(ky
    .post('https://eu.platform.go.gbgplc.com/v2/captain/journey/start', {
      json: { resourceId: 'b2e8d4a1data-check-v2@latest', context: { config: { delivery: 'api' }, subject } },
      headers: { authorization: `Bearer ${token}`, 'x-parent-instance': instanceId },
    })
    .json<{ instanceId: string }>(), (startedId) => ky
    .post('https://eu.platform.go.gbgplc.com/v2/captain/journey/interaction/fetch', {
      json: { instanceId: startedId },
      headers: { authorization: `Bearer ${token}`, 'x-parent-instance': instanceId },
    })
    .json<V2Interaction>());
  return ky.post('https://eu.platform.go.gbgplc.com/v2/captain/journey/interaction/fetch', { json: { instanceId: started.instanceId } }).json();
}
