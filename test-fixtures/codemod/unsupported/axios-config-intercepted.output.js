// Calls through that instance, taken with a destructuring require: what they answer is the interceptor's.
const { http } = require('./axios-config-intercepted-http');

async function nextTask(instanceId) {
  // journey-codemod: unsupported [codemod.response-interceptor] goes through http, and its interceptors are used in ./axios-config-intercepted-http, where the codemod does not follow them: the codemod cannot tell what the call answers → v2: an interceptor that only hands back the body ((response) => response.data), or none; then run again
  const list = await http.post('journey/task/list', { instanceId });
  // journey-codemod: unsupported [codemod.response-interceptor] reads what the v1 call at line 6 of this file answers, which stays v1
  return list.tasks.length === 0 ? undefined : list.tasks[0].taskId;
}

module.exports = { nextTask };
