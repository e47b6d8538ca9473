'use strict';
const api = require('./untyped-api');

// `client` is an untyped parameter: the codemod cannot tell this call reaches api.listTasks, so what it answers,
// read below in v1's shape, is not followed and the flow must stay v1.
function firstTaskId(client, instanceId) {
  return client.listTasks(instanceId).then(function (list) {
    return list.tasks[0].taskId;
  });
}

module.exports = { pendingTask: function (instanceId) { return firstTaskId(api, instanceId); } };
