import ky from 'ky';

// Only a hook run before each request: what the calls answer is the platform's body as sent.
export const journeyHttp = (token) =>
  ky.create({
    prefixUrl: 'https://eu.platform.go.gbgplc.com/captain/api/journey',
    hooks: { beforeRequest: [(request) => request.headers.set('authorization', `Bearer ${token}`)] },
  });

export async function runDataCheck(token, subject) {
  const http = journeyHttp(token);
  const { instanceId } = await http
    .post('start', { json: { resourceId: 'a1d7c3f0data-check-v1@latest', context: { subject } } })
    .json();
  const state = await http.post('state/fetch', { json: { instanceId } }).json();
  return state.status === 'Failed' ? 'failed' : 'done';
}
