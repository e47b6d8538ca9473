import { moduleSteps } from './journey-v2.mjs';
const JOURNEY = `${process.env.JOURNEY_HOST}/eu/v2/captain/journey/`;

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
  const outcomes = moduleSteps(state)
    .map((entry) => entry.result.outcome)
    .filter((outcome) => !outcome.startsWith('Decision'));
  return { count: outcomes.length, matched: outcomes.includes('Match'), summary: outcomes.join(', ') };
}
