import got from 'got';

const host = process.env.JOURNEY_HOST;
// got joins the prefix and each request path with one slash, so the paths below name journey endpoints.
const journey = got.extend({
  prefixUrl: `${host}/eu/captain/api/journey`,
  responseType: 'json',
  retry: { limit: 2, methods: ['POST'] },
});

export async function check(token, instanceId, lastName) {
  const headers = { authorization: `Bearer ${token}` };
  const list = await journey.post('task/list', { headers, json: { instanceId } }).json();
  const taskId = list.tasks[0]?.taskId;
  await journey.post('task/update', {
    headers,
    json: {
      intent: 'Complete', instanceId, taskId,
      context: { subject: { identity: { firstName: 'Ada', lastNames: [lastName], dateOfBirth: '1985-12-10' } } },
    },
  });
  const state = await journey.post('state/fetch', { headers, json: { instanceId } }).json();
  return state.status === 'Failed' ? 'failed' : 'done';
}
