import axios from 'axios';
import { moduleSteps } from './journey-v2.js';

export async function outcomes(instanceId: string) {
  const { data: state } = await axios.post('https://eu.platform.go.gbgplc.com/v2/captain/journey/state/fetch', { instanceId });
  if (state.status === 'Failed' || state.status === 'Error') throw new Error('journey failed');
  const all = moduleSteps(state).map((entry: any) => entry.result.outcome);
  const live = moduleSteps(state);
  // journey-codemod: needs-review [response.variant-id] v1 variantIds and v2 step nodeIds differ → v2: find the step by its v2 nodeId
  const kyc = moduleSteps(state).find((step) => step.nodeId === 'kyc-eu-v3');
  return { all, live, kyc, done: (state.status !== 'Failed' && state.status !== 'Error') };
}
