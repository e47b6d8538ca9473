'use strict';

function journeyError(err) {
  throw new Error(err.error + ': ' + err.message);
}

function startCheck(token, subject) {
  return fetch('https://eu.platform.go.gbgplc.com/captain/api/journey/start', {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer ' + token },
    body: JSON.stringify({ resourceId: 'a1d7c3f0data-check-v1@latest', context: { config: { async: true }, subject: subject } })
  }).then(function (res) {
    if (!res.ok) {
      return res.json().then(journeyError);
    }
    return res.json();
  }).then(function (started) { return started.instanceId; });
}

module.exports = { startCheck: startCheck };
