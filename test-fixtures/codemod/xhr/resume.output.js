export function resume(token, done) {
  const xhr = new XMLHttpRequest();
  // journey-codemod: unsupported [codemod.unknown-client] sent with XMLHttpRequest (xhr.open), whose answer reaches onload and responseText, which the codemod does not follow → v2: send it with fetch (or axios, ky, got), then run again
  xhr.open('POST', 'https://eu.platform.go.gbgplc.com/captain/api/journey/state/fetch');
  xhr.setRequestHeader('authorization', `Bearer ${token}`);
  xhr.onload = () => {
    const state = JSON.parse(xhr.responseText);
    // journey-codemod: unsupported [response.state-result] a read of a v1 state (state.data.process.flow) the codemod could not tie to a v1 call → v2: moduleSteps(state) (the steps) and decisionOf(state) (the decision) of a v2 state
    done(state.status === 'Failed' ? 'error' : state.data.process.flow.decision.result.outcome);
  };
  xhr.send(JSON.stringify({ instanceId: window.localStorage.getItem('journeyInstanceId') }));
}
