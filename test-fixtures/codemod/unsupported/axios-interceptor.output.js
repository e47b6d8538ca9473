const axios = require('axios');

const http = axios.create({ baseURL: 'https://eu.platform.go.gbgplc.com/captain/api/journey/' });

// the body, with a timestamp of when it arrived
http.interceptors.response.use((res) => ({ ...res.data, receivedAt: Date.now() }));

async function verify(subject) {
  // journey-codemod: unsupported [codemod.response-interceptor] goes through http, and its response interceptor at line 6 does more than hand back the response's data: the codemod cannot tell what the call answers → v2: an interceptor that only hands back the body ((response) => response.data), or none; then run again
  const started = await http.post('start', {
    resourceId: 'c3f9e5b2doc-selfie-v1@latest',
    context: { config: { async: true }, subject },
  });
  // journey-codemod: unsupported [codemod.response-interceptor] goes through http, and its response interceptor at line 6 does more than hand back the response's data: the codemod cannot tell what the call answers → v2: an interceptor that only hands back the body ((response) => response.data), or none; then run again
  let list = await http.post('task/list', { instanceId: started.instanceId });
  // journey-codemod: unsupported [codemod.response-interceptor] goes through http, and its response interceptor at line 6 does more than hand back the response's data: the codemod cannot tell what the call answers → v2: an interceptor that only hands back the body ((response) => response.data), or none; then run again
  while (list.tasks.length === 0) list = await http.post('task/list', { instanceId: started.instanceId });
  // journey-codemod: unsupported [codemod.response-interceptor] reads what the v1 call at line 15 of this file answers, which stays v1
  const task = list.tasks[0];
  // journey-codemod: unsupported [codemod.response-interceptor] goes through http, and its response interceptor at line 6 does more than hand back the response's data: the codemod cannot tell what the call answers → v2: an interceptor that only hands back the body ((response) => response.data), or none; then run again
  await http.post('task/update', { intent: 'Complete', instanceId: started.instanceId, taskId: task.taskId, context: { subject } });
  // journey-codemod: unsupported [codemod.response-interceptor] goes through http, and its response interceptor at line 6 does more than hand back the response's data: the codemod cannot tell what the call answers → v2: an interceptor that only hands back the body ((response) => response.data), or none; then run again
  const state = await http.post('state/fetch', { instanceId: started.instanceId });
  // journey-codemod: unsupported [codemod.response-interceptor] reads what the v1 call at line 23 of this file answers, which stays v1
  return state.data.process.flow.decision.result.outcome;
}

module.exports = { verify };
