'use strict';

// also handed the error bodies of another service: its reads cannot be rewritten for the journey alone
function failWith(err) {
  throw new Error(err.message);
}

// reads the status v1 repeated in its error body: v2 has it only on the response, which this function does not see
function statusError(err) {
  throw new Error('journey error ' + err.status);
}

function startCheck(token, subject) {
  return fetch('https://eu.platform.go.gbgplc.com/captain/api/journey/start', {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer ' + token },
    body: JSON.stringify({ resourceId: 'a1d7c3f0data-check-v1@latest', context: { config: { async: true }, subject: subject } })
  }).then(function (res) {
    if (!res.ok) {
      return res.json().then(failWith);
    }
    return res.json();
  }).then(function (started) { return started.instanceId; });
}

function startQuick(token, subject) {
  return fetch('https://eu.platform.go.gbgplc.com/captain/api/journey/start', {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer ' + token },
    body: JSON.stringify({ resourceId: 'a1d7c3f0data-check-v1@latest', context: { config: { async: true }, subject: subject } })
  }).then(function (res) {
    if (!res.ok) {
      return res.json().then(statusError);
    }
    return res.json();
  }).then(function (started) { return started.instanceId; });
}

function profileOf(id) {
  return fetch('https://profiles.example.com/people/' + id).then(function (res) {
    if (!res.ok) return res.json().then(failWith);
    return res.json();
  });
}

module.exports = { startCheck: startCheck, startQuick: startQuick, profileOf: profileOf };
