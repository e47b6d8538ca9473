import ky from 'ky';
import { waitUntilRun } from './journey-v2.mjs';

// Only a hook run before each request: what the calls answer is the platform's body as sent.
export const journeyHttp = (token) =>
  ky.create({
    prefixUrl: 'https://eu.platform.go.gbgplc.com/v2/captain/journey',
    hooks: { beforeRequest: [(request) => request.headers.set('authorization', `Bearer ${token}`)] },
  });

export async function runDataCheck(token, subject) {
  const http = journeyHttp(token);
  const { instanceId } = await waitUntilRun(http
    .post('start', { json: { resourceId: 'b2e8d4a1data-check-v2@latest', context: { config: { delivery: 'api' }, subject } } })
    .json(), (instanceId) => http
    .post('interaction/fetch', { json: { instanceId } })
    .json());
  const state = await http.post('state/fetch', { json: { instanceId } }).json();
  return (state.status === 'Failed' || state.status === 'Error') ? 'failed' : 'done';
}
