import { get } from 'lodash';

const STATE_URL = 'https://eu.platform.go.gbgplc.com/captain/api/journey/state/fetch';

async function fetchState(instanceId) {
  const res = await fetch(STATE_URL, { method: 'POST', body: JSON.stringify({ instanceId }) });
  return res.json();
}

// lodash reads the status by name: migrated, a failed journey would read 'Error' and this would say it did not fail.
export async function failed(instanceId) {
  const state = await fetchState(instanceId);
  return get(state, 'status') === 'Failed';
}

// The path names v1's place for the decision: migrated, every decision would read 'none'.
export async function verdict(instanceId) {
  const state = await fetchState(instanceId);
  const outcome = get(state, 'data.process.flow.decision.result.outcome', 'none');
  return outcome === 'Decision: Pass' ? 'pass' : 'other';
}
