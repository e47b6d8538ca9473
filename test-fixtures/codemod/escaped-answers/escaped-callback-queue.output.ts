import { type JourneyState, verdictOf } from './escaped-callback-verdict';

const STATE_URL = 'https://eu.platform.go.gbgplc.com/captain/api/journey/state/fetch';

// journey-codemod: unsupported [response.state-result] reads what the v1 call at line 8 of this file answers, which stays v1
function fetchState(instanceId: string, cb: (err: Error | null, state?: JourneyState) => void): void {
  // journey-codemod: unsupported [response.state-result] its result may be what is read at line 10 of escaped-callback-verdict.ts, in a way that has no v2 counterpart → v2: moduleSteps(state) (the steps) and decisionOf(state) (the decision) of a v2 state
  fetch(STATE_URL, { method: 'POST', body: JSON.stringify({ instanceId }) })
    .then((res) => res.json() as Promise<JourneyState>)
    .then(
      (state) => cb(null, state),
      (error: Error) => cb(error),
    );
}

export function watch(instanceId: string, done: (verdict: string) => void): void {
  const handlers = {
    settled(err: Error | null, state?: JourneyState) {
      if (!err && state) done(verdictOf(state));
    },
  };
  fetchState(instanceId, handlers.settled);
}

const TASKS_URL = 'https://eu.platform.go.gbgplc.com/captain/api/journey/task/list';

// Its answer leaves through a callback too: the read in escaped-callback-verdict may be of either answer.
function fetchTasks(instanceId: string, cb: (err: Error | null, list?: unknown) => void): void {
  // journey-codemod: unsupported [response.state-result] its result may be what is read at line 10 of escaped-callback-verdict.ts, in a way that has no v2 counterpart → v2: moduleSteps(state) (the steps) and decisionOf(state) (the decision) of a v2 state
  fetch(TASKS_URL, { method: 'POST', body: JSON.stringify({ instanceId }) })
    .then((res) => res.json())
    .then(
      (list) => cb(null, list),
      (error: Error) => cb(error),
    );
}

export function tasksOf(instanceId: string, done: (list: unknown) => void): void {
  fetchTasks(instanceId, (err, list) => {
    if (!err) done(list);
  });
}
