import axios from 'axios';

type V1Decision = 'Decision: Pass' | 'Decision: Reject' | 'Decision: Manual review';

export async function verdict(instanceId: string): Promise<string> {
  const { data } = await axios.post('https://eu.platform.go.gbgplc.com/captain/api/journey/state/fetch', { instanceId });
  switch (data.data.process.flow.decision?.result.outcome as V1Decision | undefined) {
    case 'Decision: Pass':
      return 'approved';
    case 'Decision: Reject':
      return 'declined';
    default:
      return 'review';
  }
}

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

type V1Status = 'InProgress' | 'Completed' | 'Failed';

export async function statusAliased(instanceId: string): Promise<boolean> {
  const { data } = await axios.post('https://eu.platform.go.gbgplc.com/captain/api/journey/state/fetch', { instanceId });
  const status: Maybe<V1Status> = data.status;
  return status === 'Failed';
}
