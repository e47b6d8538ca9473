const STATE_URL = 'https://eu.platform.go.gbgplc.com/captain/api/journey/state/fetch';

interface JourneyState {
  status: string;
}

function fetchState(instanceId: string, cb: (err: Error | null, state?: JourneyState) => void): void {
  // journey-codemod: unsupported [status.failure-spelling] its result is read at line 17 in a way that has no v2 counterpart → v2: treat 'Error' as 'Failed' here, or hand the answer to this code through functions the codemod follows, then run again
  fetch(STATE_URL, { method: 'POST', body: JSON.stringify({ instanceId }) })
    .then((res) => res.json() as Promise<JourneyState>)
    .then((state) => cb.call(null, null, state));
}

export function watch(instanceId: string, done: (failed: boolean) => void): void {
  fetchState(instanceId, (err, state) => {
    // journey-codemod: unsupported [status.failure-spelling] a status compared with 'Failed' (state.status === 'Failed') that the codemod could not tie to a call, where an answer that leaves the code it follows may reach it: a failed v2 journey reads 'Error' → v2: treat 'Error' as 'Failed' here, or hand the answer to this code through functions the codemod follows, then run again
    if (!err && state) done(state.status === 'Failed');
  });
}
