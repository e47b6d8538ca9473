'use strict';
const api = require('./untyped-api');

// `client` is an untyped parameter: the codemod cannot tell this call reaches api.listTasks, so what it answers,
// read below in v1's shape, is not followed and the flow must stay v1.
function firstTaskId(client, instanceId) {
  // journey-codemod: unsupported [endpoint.task-list] this call may reach a method answering v1 (line 10 of untyped-api.js), on a receiver the codemod cannot resolve → v2: pendingInteractionId(list) of the generated journey-v2 module (undefined while modules run and once the journey has ended), journey.status, outstanding[]
  return client.listTasks(instanceId).then(function (list) {
    return list.tasks[0].taskId;
  });
}

module.exports = { pendingTask: function (instanceId) { return firstTaskId(api, instanceId); } };
