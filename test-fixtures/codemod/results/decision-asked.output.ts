import axios from 'axios';
import { requiredDecisionOf } from './journey-v2.js';

/** Whether the journey has decided: asked alike of either version's words, so it moves. */
export async function decided(instanceId: string): Promise<boolean> {
  const { data: state } = await axios.post('https://eu.platform.go.gbgplc.com/v2/captain/journey/state/fetch', { instanceId });
  return requiredDecisionOf(state) !== undefined;
}
