import axios from 'axios';
import { decisionOf } from './journey-v2.js';

// A decision typed string, or a local alias of it: its comparisons move to v2's words.
export async function label(instanceId: string): Promise<string> {
  const { data } = await axios.post('https://eu.platform.go.gbgplc.com/v2/captain/journey/state/fetch', { instanceId });
  const decision: string | undefined = decisionOf(data);
  return decision === 'Accept' ? 'approved' : 'other';
}

type Outcome = string;
type Maybe<T> = T | undefined;

export async function aliased(instanceId: string): Promise<string> {
  const { data } = await axios.post('https://eu.platform.go.gbgplc.com/v2/captain/journey/state/fetch', { instanceId });
  const decision: Maybe<Outcome> = decisionOf(data);
  return decision === 'Accept' ? 'approved' : 'other';
}
