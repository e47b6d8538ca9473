// A task list handed out of the code the run follows, to callers it does not see: v2 has no list of tasks, so
// `.tasks` would read undefined there (reviewK p3: before, the call moved to interaction/fetch and `.tasks` stayed).
const axios = require('axios');

const http = axios.create({ baseURL: 'https://eu.platform.go.gbgplc.com/captain/api/journey/' });

exports.pendingTasks = function (instanceId) {
  return http.post('task/list', { instanceId }).then((r) => r.data.tasks);
};

exports.pendingTaskList = async function (instanceId) {
  const { data } = await http.post('task/list', { instanceId });
  return { tasks: data.tasks };
};
