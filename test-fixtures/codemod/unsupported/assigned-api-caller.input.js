'use strict';
const api = require('./assigned-api');

exports.nothingToDo = function (instanceId) {
  return api.listTasks(instanceId).then(function (list) { return list.tasks.length === 0; });
};
