const JOURNEY = `${process.env.JOURNEY_HOST}/eu/captain/api/journey/`;

async function post(token, path, body) {
  // journey-codemod: unsupported [codemod.shared-constant] shares the literal at line 1 of this file with the v1 code at line 16 of this file, which stays v1
  const res = await fetch(JOURNEY + path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  return res.json();
}

// v1 listed the decision among the flow's entries: a Set of their outcomes, its position, or their text holds it
export async function rejected(token, instanceId) {
  // journey-codemod: unsupported [response.state-result] its result is read at line 20 in a way that has no v2 counterpart → v2: state.context?.process?.steps ?? state.steps (steps, a decision step has result: null) and decisionOf(state) (the decision)
  const state = await post(token, 'state/fetch', { instanceId });
  // journey-codemod: unsupported [response.state-result] reads what the v1 call at line 16 of this file answers, which stays v1
  const outcomes = new Set(Object.values(state.data.process.flow).map((entry) => entry.result.outcome));
  // journey-codemod: unsupported [response.state-result] this code looks for 'Decision: Reject' among the flow entries' outcomes, which on v1 include the decision; v2 keeps it in the result → v2: state.context?.process?.steps ?? state.steps (steps, a decision step has result: null) and decisionOf(state) (the decision)
  return outcomes.has('Decision: Reject');
}

export async function passed(token, instanceId) {
  // journey-codemod: unsupported [response.state-result] its result is read at line 29 in a way that has no v2 counterpart → v2: state.context?.process?.steps ?? state.steps (steps, a decision step has result: null) and decisionOf(state) (the decision)
  const state = await post(token, 'state/fetch', { instanceId });
  // journey-codemod: unsupported [response.state-result] reads what the v1 call at line 25 of this file answers, which stays v1
  const outcomes = Object.values(state.data.process.flow).map((entry) => entry.result.outcome);
  // journey-codemod: unsupported [response.state-result] this code looks for 'Decision: Pass' among the flow entries' outcomes, which on v1 include the decision; v2 keeps it in the result → v2: state.context?.process?.steps ?? state.steps (steps, a decision step has result: null) and decisionOf(state) (the decision)
  return outcomes.indexOf('Decision: Pass') !== -1;
}

export async function referred(token, instanceId) {
  // journey-codemod: unsupported [response.state-result] its result is read at line 38 in a way that has no v2 counterpart → v2: state.context?.process?.steps ?? state.steps (steps, a decision step has result: null) and decisionOf(state) (the decision)
  const state = await post(token, 'state/fetch', { instanceId });
  // journey-codemod: unsupported [response.state-result] reads what the v1 call at line 34 of this file answers, which stays v1
  const summary = Object.values(state.data.process.flow).map((entry) => entry.result.outcome).join(', ');
  // journey-codemod: unsupported [response.state-result] this code picks the decision among the flow entries; v2 keeps it in the result → v2: state.context?.process?.steps ?? state.steps (steps, a decision step has result: null) and decisionOf(state) (the decision)
  return summary.includes('Decision: Refer');
}
