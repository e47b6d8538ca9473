const worker = new Worker(new URL('./journey.worker.js', import.meta.url), { type: 'module' });

export function verify(subject, done) {
  worker.onmessage = (event) => {
    const { state } = event.data;
    // journey-codemod: unsupported [response.state-result] a read of a v1 state (state.data.process.flow) the codemod could not tie to a v1 call → v2: moduleSteps(state) (the steps) and decisionOf(state) (the decision) of a v2 state
    // journey-codemod: unsupported [status.failure-spelling] a status compared with 'Failed' (state.status === 'Failed') that the codemod could not tie to a call, where an answer that leaves the code it follows may reach it: a failed v2 journey reads 'Error' → v2: treat 'Error' as 'Failed' here, or hand the answer to this code through functions the codemod follows, then run again
    done(state.status === 'Failed' ? 'error' : state.data.process.flow.decision.result.outcome);
  };
  worker.postMessage({ subject });
}
