// Completes every task the journey asks for, sending the whole applicant each time, until none is left.
const API = process.env.JOURNEY_HOST + '/eu/captain/api/';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function token() {
  const res = await fetch(process.env.JOURNEY_HOST + '/as/token.oauth2', {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'client_credentials', client_id: 'demo-client', client_secret: 'demo-secret' }),
  });
  return (await res.json()).access_token;
}

async function call(accessToken, path, body) {
  const res = await fetch(new URL(path, API), {
    method: 'POST',
    headers: { Authorization: `Bearer ${accessToken}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${path} answered ${res.status}`);
  return res.json();
}

export async function verify(resourceId, subject) {
  const accessToken = await token();
  const started = await call(accessToken, 'journey/start', { resourceId, context: { config: { async: true }, subject: {} } });
  const instanceId = started.instanceId;
  let tasksDone = 0;
  for (;;) {
    const list = await call(accessToken, 'journey/task/list', { instanceId });
    const taskId = list.tasks[0]?.taskId;
    if (taskId) {
      await call(accessToken, 'journey/task/update', { intent: 'Complete', instanceId, taskId, context: { subject } });
      tasksDone += 1;
      continue;
    }
    if (list.status !== 'InProgress') break;
    await sleep(20);
  }
  const state = await call(accessToken, 'journey/state/fetch', { instanceId });
  let verdict;
  if (state.status === 'Failed') verdict = 'error';
  else {
    switch (state.data.process.flow.decision.result.outcome) {
      case 'Decision: Pass':
        verdict = 'approve';
        break;
      case 'Decision: Reject':
        verdict = 'decline';
        break;
      default:
        verdict = 'refer';
    }
  }
  return { status: state.status, verdict, tasksDone };
}
