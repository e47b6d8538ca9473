const { requiredDecisionOf, waitUntilRun } = require('./journey-v2.cjs');
const BASE = `${process.env.JOURNEY_HOST}/eu/v2/captain`;

async function post(token, path, body) {
  const res = await fetch(`${BASE}/journey/${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  return res.json();
}

// the journey is fully prefilled: v1 runs it synchronously and answers once it is done
async function ageCheck(token, person) {
  const { instanceId } = await waitUntilRun(post(token, 'start', {
    resourceId: 'b2e8d4a1data-check-v2@latest',
    context: { config: { delivery: 'api' }, subject: { identity: { firstName: person.first, lastNames: [person.last], dateOfBirth: person.dob } } },
  }), (instanceId) => post(token, 'interaction/fetch', { instanceId }));
  const state = await post(token, 'state/fetch', { instanceId });
  return requiredDecisionOf(state) === 'Accept';
}

module.exports = { ageCheck };
