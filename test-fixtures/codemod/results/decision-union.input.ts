import axios from 'axios';

// A decision and a status given the project's union of v1 words, which v2's do not fit: each flow stays v1.
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

type Maybe<T> = T | undefined;

type V1Status = 'InProgress' | 'Completed' | 'Failed';

export async function statusAliased(instanceId: string): Promise<boolean> {
  const { data } = await axios.post('https://eu.platform.go.gbgplc.com/captain/api/journey/state/fetch', { instanceId });
  const status: Maybe<V1Status> = data.status;
  return status === 'Failed';
}
