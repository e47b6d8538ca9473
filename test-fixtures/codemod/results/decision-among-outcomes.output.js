const JOURNEY = `${process.env.JOURNEY_HOST}/eu/captain/api/journey/`;

async function post(token, path, body) {
  // journey-codemod: unsupported [codemod.shared-constant] shares the literal at line 1 of this file with the v1 code at line 21 of this file, which stays v1
  const res = await fetch(JOURNEY + path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  return res.json();
}

// the journey is fully prefilled: v1 runs it synchronously and answers once it is done
export async function ageCheck(token, person) {
  // journey-codemod: unsupported [codemod.shared-constant] shares the literal at line 1 of this file with the v1 code at line 21 of this file, which stays v1
  const { instanceId } = await post(token, 'start', {
    resourceId: 'a1d7c3f0data-check-v1@latest',
    context: { config: { async: false }, subject: { identity: { firstName: person.first, lastNames: [person.last], dateOfBirth: person.dob } } },
  });
  // journey-codemod: unsupported [response.state-result] its result is read at line 25 in a way that has no v2 counterpart → v2: state.context?.process?.steps ?? state.steps (steps, a decision step has result: null) and decisionOf(state) (the decision)
  const state = await post(token, 'state/fetch', { instanceId });
  // journey-codemod: unsupported [response.state-result] reads what the v1 call at line 21 of this file answers, which stays v1
  const outcomes = Object.values(state.data.process.flow).map((entry) => entry.result.outcome);
  // journey-codemod: unsupported [response.state-result] this code looks for 'Decision: Reject' among the flow entries' outcomes, which on v1 include the decision; v2 keeps it in the result → v2: state.context?.process?.steps ?? state.steps (steps, a decision step has result: null) and decisionOf(state) (the decision)
  const rejected = outcomes.includes('Decision: Reject');
  // journey-codemod: unsupported [response.state-result] this code counts the flow entries, which on v1 include the decision; v2 keeps it in the result → v2: state.context?.process?.steps ?? state.steps (steps, a decision step has result: null) and decisionOf(state) (the decision)
  return { rejected, count: outcomes.length };
}
