// A task list handed out of the code the run follows, to callers it does not see: v2 has no list of tasks, so
// `.tasks` would read undefined there (reviewK p3: before, the call moved to interaction/fetch and `.tasks` stayed).
const axios = require('axios');

const http = axios.create({ baseURL: 'https://eu.platform.go.gbgplc.com/captain/api/journey/' });

exports.pendingTasks = function (instanceId) {
  // journey-codemod: unsupported [endpoint.task-list] v2 has one active interaction, not a list of tasks: the list is returned to no caller in the run, where the codemod does not see what reads it → v2: pendingInteractionId(list) of the generated journey-v2 module (undefined while modules run and once the journey has ended), journey.status, outstanding[]
  return http.post('task/list', { instanceId }).then((r) => r.data.tasks);
};

exports.pendingTaskList = async function (instanceId) {
  // journey-codemod: unsupported [endpoint.task-list] its result is read at line 16 in a way that has no v2 counterpart → v2: pendingInteractionId(list) of the generated journey-v2 module (undefined while modules run and once the journey has ended), journey.status, outstanding[]
  const { data } = await http.post('task/list', { instanceId });
  // journey-codemod: unsupported [endpoint.task-list] v2 has one active interaction, not a list of tasks: the list is returned to no caller in the run, where the codemod does not see what reads it → v2: pendingInteractionId(list) of the generated journey-v2 module (undefined while modules run and once the journey has ended), journey.status, outstanding[]
  return { tasks: data.tasks };
};
