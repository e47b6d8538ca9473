'use strict';
var config = require('./then-config');

function post(token, path, body) {
  return fetch(config.journeyBase + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer ' + token },
    body: JSON.stringify(body)
  }).then(function (res) {
    if (!res.ok) {
      return res.json().then(function (err) { throw new Error(err.status + ' ' + err.error + ': ' + (err.message || 'journey error')); });
    }
    return res.json();
  });
}

function startCheck(token, subject) {
  return post(token, 'start', { resourceId: 'a1d7c3f0data-check-v1@latest', context: { config: { async: true }, subject: subject } })
    .then(function (started) { return started.instanceId; });
}

module.exports = { startCheck: startCheck };
