const worker = new Worker(new URL('./journey.worker.js', import.meta.url), { type: 'module' });

export function verify(subject, done) {
  worker.onmessage = (event) => {
    const { state } = event.data;
    done(state.status === 'Failed' ? 'error' : state.data.process.flow.decision.result.outcome);
  };
  worker.postMessage({ subject });
}
