'use strict';
const api = require('./assigned-api');

exports.nothingToDo = function (instanceId) {
  // journey-codemod: unsupported [endpoint.task-list] this call may reach a method answering v1 (line 12 of assigned-api.js), on a receiver the codemod cannot resolve → v2: pendingInteractionId(list) of the generated journey-v2 module (undefined while modules run and once the journey has ended), journey.status, outstanding[]
  return api.listTasks(instanceId).then(function (list) { return list.tasks.length === 0; });
};
