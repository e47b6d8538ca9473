'use strict';

function startCheck(token, subject) {
  return fetch('https://eu.platform.go.gbgplc.com/v2/captain/journey/start', {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer ' + token },
    body: JSON.stringify({ resourceId: 'b2e8d4a1data-check-v2@latest', context: { config: { delivery: 'api' }, subject: subject } })
  }).then((res) => {
    if (!res.ok) {
      return res.json().then((err) => { throw new Error(err.errors?.[0]?.problem); });
    }
    return res.json();
  }).then((started) => started.instanceId);
}

module.exports = { startCheck: startCheck };
