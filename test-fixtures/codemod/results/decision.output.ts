import axios from 'axios';

export async function decision(instanceId: string) {
  // journey-codemod: unsupported [response.state-result] its result is read at line 7 in a way that has no v2 counterpart → v2: decisionOf(state) of the generated journey-v2 module ('Accept' | 'Reject' | 'Manual review'), compared where it is read
  const { data: state } = await axios.post('https://eu.platform.go.gbgplc.com/captain/api/journey/state/fetch', { instanceId });
  // journey-codemod: unsupported [response.state-result] v2 keeps the overall decision in context.result, with other outcome words → v2: decisionOf(state) of the generated journey-v2 module ('Accept' | 'Reject' | 'Manual review'), compared where it is read
  return state.data.process.flow.decision.result.outcome;
}
