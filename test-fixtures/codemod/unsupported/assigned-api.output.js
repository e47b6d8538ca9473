'use strict';
// An object literal of functions handed to a call that may patch it (`Object.assign`): which function a caller
// reaches may not be the one written in the literal, so what its callers read is not followed and the flow stays v1.
const request = require('superagent');
const withRetry = require('./retry');

const BASE = 'https://eu.platform.go.gbgplc.com/captain/api/journey';

const api = {
  listTasks: function (instanceId) {
    // journey-codemod: unsupported [endpoint.task-list] the answer may be returned to api.listTasks at line 6 of assigned-api-caller.js, whose receiver the codemod cannot resolve → v2: pendingInteractionId(list) of the generated journey-v2 module (undefined while modules run and once the journey has ended), journey.status, outstanding[]
    return request.post(BASE + '/task/list').send({ instanceId: instanceId }).then(function (res) { return res.body; });
  }
};
Object.assign(api, { listTasks: withRetry(api.listTasks) });

module.exports = api;
