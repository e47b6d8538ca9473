import axios from 'axios';
import { moduleSteps, waitForResult } from './journey-v2.js';

const journeys = axios.create({ baseURL: 'https://eu.platform.go.gbgplc.com/v2/captain/' });

async function post(path: string, body: object) {
  const { data } = await journeys.post(path, body);
  return data;
}

/** v1 answers a synchronous start with the journey's state, once its checks have run. */
export async function screen(subject: object) {
  const state = await waitForResult(post('journey/start', { resourceId: 'b2e8d4a1data-check-v2@latest', context: { config: { delivery: 'api' }, subject } }), (instanceId) => post('journey/state/fetch', { instanceId }));
  if (state.status === 'Failed' || state.status === 'Error') return ['error'];
  return moduleSteps(state).map((entry: any) => entry.result.outcome);
}
