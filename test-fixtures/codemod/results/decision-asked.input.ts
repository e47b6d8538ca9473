import axios from 'axios';

/** Whether the journey has decided: asked alike of either version's words, so it moves. */
export async function decided(instanceId: string): Promise<boolean> {
  const { data: state } = await axios.post('https://eu.platform.go.gbgplc.com/captain/api/journey/state/fetch', { instanceId });
  return state.data.process.flow.decision.result.outcome !== undefined;
}
