import got from 'got';
import { pendingInteractionId } from './journey-v2.mjs';

const host = process.env.JOURNEY_HOST;
// got joins the prefix and each request path with one slash, so the paths below name journey endpoints.
const journey = got.extend({
  prefixUrl: `${host}/eu/v2/captain/journey`,
  responseType: 'json',
  retry: { limit: 2, methods: ['POST'] },
});

export async function check(token, instanceId, lastName) {
  const headers = { authorization: `Bearer ${token}` };
  const list = await journey.post('interaction/fetch', { headers, json: { instanceId } }).json();
  const taskId = pendingInteractionId(list);
  await journey.post('interaction/submit', {
    headers,
    json: {
      instanceId, interactionId: taskId,
      participants: [{ domainElementId: 'FullName' }, { domainElementId: 'DateOfBirth' }],
      context: { subject: { identity: { firstName: 'Ada', lastNames: [lastName], dateOfBirth: '1985-12-10' } } },
    },
  });
  const state = await journey.post('state/fetch', { headers, json: { instanceId } }).json();
  return (state.status === 'Failed' || state.status === 'Error') ? 'failed' : 'done';
}
