const BASE = 'https://eu.platform.go.gbgplc.com/captain/api/journey/';

self.onmessage = async (event) => {
  const started = await fetch(`${BASE}start`, {
    method: 'POST',
    body: JSON.stringify({ resourceId: 'a1d7c3f0data-check-v1@latest', context: { config: { async: true }, subject: event.data.subject } }),
  }).then((res) => res.json());
  const state = await fetch(`${BASE}state/fetch`, {
    method: 'POST',
    body: JSON.stringify({ instanceId: started.instanceId }),
  }).then((res) => res.json());
  self.postMessage({ state });
};
