'use strict';
// A client built as an object literal of function expressions, the way CommonJS code often writes one.
const request = require('superagent');

const BASE = 'https://eu.platform.go.gbgplc.com/captain/api/journey';

const api = {
  listTasks: function (instanceId) {
    return request
      .post(BASE + '/task/list')
      .send({ instanceId: instanceId })
      .then(function (res) { return res.body; });
  }
};

module.exports = api;
