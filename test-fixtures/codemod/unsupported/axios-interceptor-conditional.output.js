const axios = require('axios');

const http = axios.create({ baseURL: 'https://eu.platform.go.gbgplc.com/captain/api/journey/' });

// unwrapped only in some deployments: what a call answers depends on the environment
if (process.env.UNWRAP_BODIES) http.interceptors.response.use((res) => res.data);

async function nextTaskId(instanceId) {
  // journey-codemod: unsupported [codemod.response-interceptor] goes through http, and its response interceptor at line 6 is registered where it may not run (under a condition): the codemod cannot tell what the call answers → v2: an interceptor that only hands back the body ((response) => response.data), or none; then run again
  const list = await http.post('task/list', { instanceId });
  // journey-codemod: unsupported [codemod.response-interceptor] reads what the v1 call at line 10 of this file answers, which stays v1
  return list.tasks.length === 0 ? undefined : list.tasks[0].taskId;
}

module.exports = { nextTaskId };
