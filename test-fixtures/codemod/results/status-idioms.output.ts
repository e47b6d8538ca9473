import type { V2State } from './journey-v2.js';
const STATE_URL = 'https://eu.platform.go.gbgplc.com/v2/captain/journey/state/fetch';
const FAILED = 'Failed';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function fetchState(instanceId: string): Promise<V2State> {
  const res = await fetch(STATE_URL, { method: 'POST', body: JSON.stringify({ instanceId }) });
  return res.json();
}

// Statuses listed inline, and a constant compared with ===/!==: each takes 'Error' beside 'Failed'.
export async function waitAndJudge(instanceId: string): Promise<string> {
  let state = await fetchState(instanceId);
  while (!['Completed', 'Failed', 'Error'].includes(state.status)) {
    await sleep(200);
    state = await fetchState(instanceId);
  }
  if (new Set(['Failed', 'Error']).has(state.status)) return 'failed';
  return (state.status !== FAILED && state.status !== 'Error') ? 'done' : 'failed';
}
