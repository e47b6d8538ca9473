'use strict';

function journeyError(err) {
  throw new Error(err.errors?.[0]?.name + ': ' + err.errors?.[0]?.problem);
}

function startCheck(token, subject) {
  return fetch('https://eu.platform.go.gbgplc.com/v2/captain/journey/start', {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer ' + token },
    body: JSON.stringify({ resourceId: 'b2e8d4a1data-check-v2@latest', context: { config: { delivery: 'api' }, subject: subject } })
  }).then(function (res) {
    if (!res.ok) {
      return res.json().then(journeyError);
    }
    return res.json();
  }).then(function (started) { return started.instanceId; });
}

module.exports = { startCheck: startCheck };
