'use strict';
// A client built as an object literal (a function expression, an arrow, a method) and exported whole.
const request = require('superagent');

const BASE = 'https://eu.platform.go.gbgplc.com/captain/api/journey';

const api = {
  listTasks: function (instanceId) {
    return request.post(BASE + '/task/list').send({ instanceId: instanceId }).then(function (res) { return res.body; });
  },
  completeTask: (instanceId, taskId, subject) =>
    request
      .post(BASE + '/task/update')
      .send({ intent: 'Complete', instanceId: instanceId, taskId: taskId, context: { subject: subject } })
      .then(function (res) { return res.body; }),
  fetchState(instanceId) {
    return request.post(BASE + '/state/fetch').send({ instanceId: instanceId }).then(function (res) { return res.body; });
  }
};

module.exports = api;
