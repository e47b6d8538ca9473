const BASE = `${process.env.JOURNEY_HOST}/eu/captain/api`;

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
  const { instanceId } = await post(token, 'start', {
    resourceId: 'a1d7c3f0data-check-v1@latest',
    context: { config: { async: false }, subject: { identity: { firstName: person.first, lastNames: [person.last], dateOfBirth: person.dob } } },
  });
  const state = await post(token, 'state/fetch', { instanceId });
  return state.data.process.flow.decision.result.outcome === 'Decision: Pass';
}

module.exports = { ageCheck };
