const BASE = 'https://eu.platform.go.gbgplc.com/captain/api/journey/';

self.onmessage = async (event) => {
  // journey-codemod: unsupported [codemod.shared-constant] shares the literal at line 1 of this file with the v1 code at line 10 of this file, which stays v1
  const started = await fetch(`${BASE}start`, {
    method: 'POST',
    body: JSON.stringify({ resourceId: 'a1d7c3f0data-check-v1@latest', context: { config: { async: true }, subject: event.data.subject } }),
  }).then((res) => res.json());
  // journey-codemod: unsupported [response.state-result] its result is read at line 8 of main.js in a way that has no v2 counterpart → v2: moduleSteps(state) (the steps) and decisionOf(state) (the decision) of a v2 state
  const state = await fetch(`${BASE}state/fetch`, {
    method: 'POST',
    body: JSON.stringify({ instanceId: started.instanceId }),
  }).then((res) => res.json());
  self.postMessage({ state });
};
