import { get } from 'lodash';

const STATE_URL = 'https://eu.platform.go.gbgplc.com/captain/api/journey/state/fetch';

async function fetchState(instanceId) {
  // journey-codemod: unsupported [response.state-result] its result is read at line 15 in a way that has no v2 counterpart → v2: state.context?.process?.steps ?? state.steps (steps, a decision step has result: null) and decisionOf(state) (the decision)
  const res = await fetch(STATE_URL, { method: 'POST', body: JSON.stringify({ instanceId }) });
  return res.json();
}

// lodash reads the status by name: migrated, a failed journey would read 'Error' and this would say it did not fail.
export async function failed(instanceId) {
  const state = await fetchState(instanceId);
  // journey-codemod: unsupported [response.state-result] the v1 answer is handed to get, which the codemod does not see, and what it returns is used here: it may be a part of the answer in v1's shape (a field a path names), which the codemod cannot rewrite → v2: state.context?.process?.steps ?? state.steps (steps, a decision step has result: null) and decisionOf(state) (the decision)
  return get(state, 'status') === 'Failed';
}

// The path names v1's place for the decision: migrated, every decision would read 'none'.
export async function verdict(instanceId) {
  const state = await fetchState(instanceId);
  // journey-codemod: unsupported [response.state-result] the v1 answer is handed to get, which the codemod does not see, and what it returns is used here: it may be a part of the answer in v1's shape (a field a path names), which the codemod cannot rewrite → v2: state.context?.process?.steps ?? state.steps (steps, a decision step has result: null) and decisionOf(state) (the decision)
  const outcome = get(state, 'data.process.flow.decision.result.outcome', 'none');
  return outcome === 'Decision: Pass' ? 'pass' : 'other';
}
