import type { V2State } from './journey-v2.js';
const STATE_URL = 'https://eu.platform.go.gbgplc.com/v2/captain/journey/state/fetch';

interface JourneyState {
  status: string;
}

function fetchState(instanceId: string, cb: (err: Error | null, state?: V2State) => void): void {
  fetch(STATE_URL, { method: 'POST', body: JSON.stringify({ instanceId }) })
    .then((res) => res.json() as Promise<V2State>)
    .then(
      (state) => cb(null, state),
      (error: Error) => cb(error),
    );
}

export function watch(instanceId: string, done: (failed: boolean) => void): void {
  fetchState(instanceId, (err, state) => {
    if (!err && state) done((state.status === 'Failed' || state.status === 'Error'));
  });
}

function onState(err: Error | null, state?: V2State): void {
  if (!err && state && (state.status === 'Failed' || state.status === 'Error')) console.log('failed');
}

export function watchByName(instanceId: string): void {
  const settled = (err: Error | null, state?: V2State) => {
    if (!err && state) console.log((state.status === 'Failed' || state.status === 'Error'));
  };
  fetchState(instanceId, onState);
  fetchState(instanceId, settled);
}
