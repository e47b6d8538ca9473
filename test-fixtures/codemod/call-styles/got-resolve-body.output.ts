import got from 'got';
import { type V2Interaction, type V2State, participantsFor, pendingInteractionId, waitUntilRun } from './journey-v2.js';

const client = got.extend({ prefixUrl: 'https://us.platform.go.gbgplc.com/v2/captain/journey' });

export async function runCheck(documents: unknown[]): Promise<string> {
  const started = await waitUntilRun(client.post('start', { json: { resourceId: 'd4a0f6c3doc-selfie-v2@latest', context: { config: { delivery: 'api' }, subject: {} } }, responseType: 'json', resolveBodyOnly: true }), (instanceId) => client.post('interaction/fetch', { json: { instanceId }, responseType: 'json', resolveBodyOnly: true })) as { instanceId: string };
  const instanceId = started.instanceId;
  const list = await client.post('interaction/fetch', { json: { instanceId } }).json<V2Interaction>();
  for (const task of (pendingInteractionId(list) === undefined ? [] : [pendingInteractionId(list)!])) {
    await client.post('interaction/submit', { json: { instanceId, interactionId: task, participants: participantsFor(list, { documents }), context: { subject: { documents } } } });
  }
  const state = await client.post('state/fetch', { json: { instanceId } }).json<V2State>();
  return (state.status === 'Failed' || state.status === 'Error') ? 'failed' : 'ok';
}
