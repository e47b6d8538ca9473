'use strict';
// A client object literal and the code reading its answers in one file; `this.listTasks()` inside it too.
const request = require('superagent');

const BASE = 'https://eu.platform.go.gbgplc.com/captain/api/journey';

const api = {
  listTasks: function (instanceId) {
    return request.post(BASE + '/task/list').send({ instanceId: instanceId }).then(function (res) { return res.body; });
  },
  firstTaskId(instanceId) {
    return this.listTasks(instanceId).then(function (list) { return list.tasks.length === 0 ? undefined : list.tasks[0].taskId; });
  },
};

function nothingToDo(instanceId) {
  return api.listTasks(instanceId).then(function (list) { return list.tasks.length === 0; });
}

module.exports = { api, nothingToDo };
