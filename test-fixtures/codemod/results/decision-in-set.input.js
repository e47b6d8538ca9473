const JOURNEY = `${process.env.JOURNEY_HOST}/eu/captain/api/journey/`;

async function post(token, path, body) {
  const res = await fetch(JOURNEY + path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  return res.json();
}

// v1 listed the decision among the flow's entries: a Set of their outcomes, its position, or their text holds it
export async function rejected(token, instanceId) {
  const state = await post(token, 'state/fetch', { instanceId });
  const outcomes = new Set(Object.values(state.data.process.flow).map((entry) => entry.result.outcome));
  return outcomes.has('Decision: Reject');
}

export async function passed(token, instanceId) {
  const state = await post(token, 'state/fetch', { instanceId });
  const outcomes = Object.values(state.data.process.flow).map((entry) => entry.result.outcome);
  return outcomes.indexOf('Decision: Pass') !== -1;
}

export async function referred(token, instanceId) {
  const state = await post(token, 'state/fetch', { instanceId });
  const summary = Object.values(state.data.process.flow).map((entry) => entry.result.outcome).join(', ');
  return summary.includes('Decision: Refer');
}
