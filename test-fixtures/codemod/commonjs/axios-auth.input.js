// Calls through that instance, reading axios's { data }.
const { http } = require('./axios-auth-http');

async function firstTask(instanceId) {
  const { data } = await http.post('journey/task/list', { instanceId });
  return data.tasks.length === 0 ? undefined : data.tasks[0].taskId;
}

module.exports = { firstTask };
