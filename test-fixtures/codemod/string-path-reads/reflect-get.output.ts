const STATE_URL = 'https://eu.platform.go.gbgplc.com/captain/api/journey/state/fetch';

async function fetchState(instanceId: string): Promise<object> {
  // journey-codemod: unsupported [response.state-result] its result is read at line 13 in a way that has no v2 counterpart → v2: state.context?.process?.steps ?? state.steps (steps, a decision step has result: null) and decisionOf(state) (the decision)
  const res = await fetch(STATE_URL, { method: 'POST', body: JSON.stringify({ instanceId }) });
  return res.json();
}

// A builtin getter: the status it reads may be 'Error' on v2.
export async function failed(instanceId: string): Promise<boolean> {
  const state = await fetchState(instanceId);
  // journey-codemod: unsupported [response.state-result] the v1 answer is handed to Reflect.get, which the codemod does not see, and what it returns is used here: it may be a part of the answer in v1's shape (a field a path names), which the codemod cannot rewrite → v2: state.context?.process?.steps ?? state.steps (steps, a decision step has result: null) and decisionOf(state) (the decision)
  return Reflect.get(state, 'status') === 'Failed';
}

// v2's state has no `data`: the member chain off what Reflect.get returns would throw.
export async function outcome(instanceId: string): Promise<string> {
  const state = await fetchState(instanceId);
  // journey-codemod: unsupported [response.state-result] the v1 answer is handed to Reflect.get, which the codemod does not see, and what it returns is used here: it may be a part of the answer in v1's shape (a field a path names), which the codemod cannot rewrite → v2: state.context?.process?.steps ?? state.steps (steps, a decision step has result: null) and decisionOf(state) (the decision)
  return Reflect.get(state, 'data').process.flow.decision.result.outcome;
}
