import axios from 'axios';

export async function outcomes(instanceId: string) {
  const { data: state } = await axios.post('https://eu.platform.go.gbgplc.com/captain/api/journey/state/fetch', { instanceId });
  if (state.status === 'Failed') throw new Error('journey failed');
  const all = Object.values(state.data.process.flow).map((entry: any) => entry.result.outcome);
  const live = Object.values(state.data.context.process.flow);
  const kyc = state.data.process.flow['kyc-eu-v3'];
  return { all, live, kyc, done: state.status !== 'Failed' };
}
