'use strict';
// A client built as an object literal of function expressions, the way CommonJS code often writes one.
const request = require('superagent');

const BASE = 'https://eu.platform.go.gbgplc.com/captain/api/journey';

const api = {
  listTasks: function (instanceId) {
    // journey-codemod: unsupported [endpoint.task-list] the answer may be returned to client.listTasks at line 8 of untyped-api-caller.js, whose receiver the codemod cannot resolve → v2: pendingInteractionId(list) of the generated journey-v2 module (undefined while modules run and once the journey has ended), journey.status, outstanding[]
    return request
      .post(BASE + '/task/list')
      .send({ instanceId: instanceId })
      .then(function (res) { return res.body; });
  }
};

module.exports = api;
