const worker = new Worker(new URL('./journey.worker.js', import.meta.url), { type: 'module' });

export function verify(subject, done) {
  worker.onmessage = (event) => {
    const { state } = event.data;
    // journey-codemod: unsupported [response.state-result] a read of a v1 state (state.data.process.flow) the codemod could not tie to a v1 call → v2: moduleSteps(state) (the steps) and decisionOf(state) (the decision) of a v2 state
    done(state.status === 'Failed' ? 'error' : state.data.process.flow.decision.result.outcome);
  };
  worker.postMessage({ subject });
}
