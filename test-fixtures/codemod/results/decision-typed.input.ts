import axios from 'axios';

// A decision typed string, or a local alias of it: its comparisons move to v2's words.
export async function label(instanceId: string): Promise<string> {
  const { data } = await axios.post('https://eu.platform.go.gbgplc.com/captain/api/journey/state/fetch', { instanceId });
  const decision: string | undefined = data.data.process.flow.decision?.result.outcome;
  return decision === 'Decision: Pass' ? 'approved' : 'other';
}

type Outcome = string;
type Maybe<T> = T | undefined;

export async function aliased(instanceId: string): Promise<string> {
  const { data } = await axios.post('https://eu.platform.go.gbgplc.com/captain/api/journey/state/fetch', { instanceId });
  const decision: Maybe<Outcome> = data.data.process.flow.decision?.result.outcome;
  return decision === 'Decision: Pass' ? 'approved' : 'other';
}
