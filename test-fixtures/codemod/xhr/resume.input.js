export function resume(token, done) {
  const xhr = new XMLHttpRequest();
  xhr.open('POST', 'https://eu.platform.go.gbgplc.com/captain/api/journey/state/fetch');
  xhr.setRequestHeader('authorization', `Bearer ${token}`);
  xhr.onload = () => {
    const state = JSON.parse(xhr.responseText);
    done(state.status === 'Failed' ? 'error' : state.data.process.flow.decision.result.outcome);
  };
  xhr.send(JSON.stringify({ instanceId: window.localStorage.getItem('journeyInstanceId') }));
}
