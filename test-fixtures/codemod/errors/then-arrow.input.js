'use strict';

function startCheck(token, subject) {
  return fetch('https://eu.platform.go.gbgplc.com/captain/api/journey/start', {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer ' + token },
    body: JSON.stringify({ resourceId: 'a1d7c3f0data-check-v1@latest', context: { config: { async: true }, subject: subject } })
  }).then((res) => {
    if (!res.ok) {
      return res.json().then((err) => { throw new Error(err.message); });
    }
    return res.json();
  }).then((started) => started.instanceId);
}

module.exports = { startCheck: startCheck };
