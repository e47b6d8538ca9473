const JOURNEY = `${process.env.JOURNEY_HOST}/eu/captain/api/journey/`;

async function post(token, path, body) {
  const res = await fetch(JOURNEY + path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  return res.json();
}

// the decision is left out before the entries are counted and searched: what v2's module steps are
export async function checksRun(token, instanceId) {
  const state = await post(token, 'state/fetch', { instanceId });
  const outcomes = Object.values(state.data.process.flow)
    .map((entry) => entry.result.outcome)
    .filter((outcome) => !outcome.startsWith('Decision'));
  return { count: outcomes.length, matched: outcomes.includes('Match'), summary: outcomes.join(', ') };
}
