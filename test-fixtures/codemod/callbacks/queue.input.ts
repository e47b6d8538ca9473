const STATE_URL = 'https://eu.platform.go.gbgplc.com/captain/api/journey/state/fetch';

interface JourneyState {
  status: string;
}

function fetchState(instanceId: string, cb: (err: Error | null, state?: JourneyState) => void): void {
  fetch(STATE_URL, { method: 'POST', body: JSON.stringify({ instanceId }) })
    .then((res) => res.json() as Promise<JourneyState>)
    .then(
      (state) => cb(null, state),
      (error: Error) => cb(error),
    );
}

export function watch(instanceId: string, done: (failed: boolean) => void): void {
  fetchState(instanceId, (err, state) => {
    if (!err && state) done(state.status === 'Failed');
  });
}

function onState(err: Error | null, state?: JourneyState): void {
  if (!err && state && state.status === 'Failed') console.log('failed');
}

export function watchByName(instanceId: string): void {
  const settled = (err: Error | null, state?: JourneyState) => {
    if (!err && state) console.log(state.status === 'Failed');
  };
  fetchState(instanceId, onState);
  fetchState(instanceId, settled);
}
