const STATE_URL = 'https://eu.platform.go.gbgplc.com/captain/api/journey/state/fetch';

interface JourneyState {
  status: string;
}

function fetchState(instanceId: string, cb: (err: Error | null, state?: JourneyState) => void): void {
  fetch(STATE_URL, { method: 'POST', body: JSON.stringify({ instanceId }) })
    .then((res) => res.json() as Promise<JourneyState>)
    .then((state) => cb.call(null, null, state));
}

export function watch(instanceId: string, done: (failed: boolean) => void): void {
  fetchState(instanceId, (err, state) => {
    if (!err && state) done(state.status === 'Failed');
  });
}
