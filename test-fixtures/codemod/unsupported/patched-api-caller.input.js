'use strict';
const { listTasks } = require('./patched-api');

exports.nothingToDo = function (instanceId) {
  return listTasks(instanceId).then(function (list) { return list.tasks.length === 0; });
};
