const axios = require('axios');

const api = axios.create({ baseURL: process.env.JOURNEY_V1_BASE_URL, timeout: 10000 });
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function token() {
  const form = new URLSearchParams({
    grant_type: 'client_credentials',
    client_id: process.env.JOURNEY_CLIENT_ID,
    client_secret: process.env.JOURNEY_CLIENT_SECRET,
    scope: 'svc.token',
  });
  const { data } = await axios.post(process.env.JOURNEY_TOKEN_URL, form);
  return data.access_token;
}

async function run() {
  const headers = { Authorization: 'Bearer ' + (await token()) };
  const start = await api.post('journey/start', { resourceId: 'a1d7c3f0data-check-v1@latest', context: { config: { async: true }, subject: {} } }, { headers });
  const instanceId = start.data.instanceId;
  const tasks = await api.post('journey/task/list', { instanceId }, { headers });
  const subject = { identity: { firstName: 'Ada', lastNames: ['Lovelace'], dateOfBirth: '1990-12-10' } };
  for (const task of tasks.data.tasks) {
    await api.post('journey/task/update', { intent: 'COMPLETE', instanceId, taskId: task.taskId, context: { subject } }, { headers });
  }
  let state;
  do {
    if (state) await sleep(Number(process.env.JOURNEY_POLL_MS || 1000));
    state = (await api.post('journey/state/fetch', { instanceId, filterKeys: ['/.*/'] }, { headers })).data;
  } while (state.status === 'InProgress');
  const decision = state.data.process.flow.decision.result.outcome;
  console.log(JSON.stringify({ instanceId, status: state.status, decision }));
}

run().catch((error) => {
  const body = error.response ? error.response.data : {};
  console.error('verification failed:', error.message, body.error || '', body.message || '');
  process.exit(1);
});
