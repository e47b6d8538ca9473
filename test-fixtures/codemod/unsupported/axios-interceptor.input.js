const axios = require('axios');

const http = axios.create({ baseURL: 'https://eu.platform.go.gbgplc.com/captain/api/journey/' });

// the body, with a timestamp of when it arrived
http.interceptors.response.use((res) => ({ ...res.data, receivedAt: Date.now() }));

async function verify(subject) {
  const started = await http.post('start', {
    resourceId: 'c3f9e5b2doc-selfie-v1@latest',
    context: { config: { async: true }, subject },
  });
  let list = await http.post('task/list', { instanceId: started.instanceId });
  while (list.tasks.length === 0) list = await http.post('task/list', { instanceId: started.instanceId });
  const task = list.tasks[0];
  await http.post('task/update', { intent: 'Complete', instanceId: started.instanceId, taskId: task.taskId, context: { subject } });
  const state = await http.post('state/fetch', { instanceId: started.instanceId });
  return state.data.process.flow.decision.result.outcome;
}

module.exports = { verify };
