'use strict';
var config = require('./then-config');

function post(token, path, body) {
  return fetch(config.journeyBase + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer ' + token },
    body: JSON.stringify(body)
  }).then(function (res) {
    if (!res.ok) {
      return res.json().then(function (err) { throw new Error(res.status + ' ' + err.errors?.[0]?.name + ': ' + (err.errors?.[0]?.problem || 'journey error')); });
    }
    return res.json();
  });
}

function startCheck(token, subject) {
  return post(token, 'start', { resourceId: 'b2e8d4a1data-check-v2@latest', context: { config: { delivery: 'api' }, subject: subject } })
    .then(function (started) { return started.instanceId; });
}

module.exports = { startCheck: startCheck };
