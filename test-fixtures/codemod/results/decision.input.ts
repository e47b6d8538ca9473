import axios from 'axios';

export async function decision(instanceId: string) {
  const { data: state } = await axios.post('https://eu.platform.go.gbgplc.com/captain/api/journey/state/fetch', { instanceId });
  return state.data.process.flow.decision.result.outcome;
}
