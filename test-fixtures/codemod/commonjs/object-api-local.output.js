'use strict';
// A client object literal and the code reading its answers in one file; `this.listTasks()` inside it too.
const request = require('superagent');
const { interactionIdToSubmit, pendingInteractionId } = require('./journey-v2.cjs');

const BASE = 'https://eu.platform.go.gbgplc.com/v2/captain/journey';

const api = {
  listTasks: function (instanceId) {
    return request.post(BASE + '/interaction/fetch').send({ instanceId: instanceId }).then(function (res) { return res.body; });
  },
  firstTaskId(instanceId) {
    return this.listTasks(instanceId).then(function (list) { return pendingInteractionId(list) === undefined ? undefined : interactionIdToSubmit(list); });
  },
};

function nothingToDo(instanceId) {
  return api.listTasks(instanceId).then(function (list) { return pendingInteractionId(list) === undefined; });
}

module.exports = { api, nothingToDo };
