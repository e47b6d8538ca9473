'use strict';
// A client built as an object literal (a function expression, an arrow, a method) and exported whole.
const request = require('superagent');
const { participantsFor } = require('./journey-v2.cjs');

const BASE = 'https://eu.platform.go.gbgplc.com/v2/captain/journey';

const api = {
  listTasks: function (instanceId) {
    return request.post(BASE + '/interaction/fetch').send({ instanceId: instanceId }).then(function (res) { return res.body; });
  },
  completeTask: async (instanceId, taskId, subject) =>
    request
      .post(BASE + '/interaction/submit')
      .send({ instanceId: instanceId, interactionId: taskId, participants: participantsFor(await request
      .post(BASE + '/interaction/fetch')
      .send({ instanceId }).then((response) => response.body), subject), context: { subject: subject } })
      .then(function (res) { return res.body; }),
  fetchState(instanceId) {
    return request.post(BASE + '/state/fetch').send({ instanceId: instanceId }).then(function (res) { return res.body; });
  }
};

module.exports = api;
