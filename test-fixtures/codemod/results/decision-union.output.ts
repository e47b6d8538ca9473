import axios from 'axios';

// A decision and a status given the project's union of v1 words, which v2's do not fit: each flow stays v1.
type V1Decision = 'Decision: Pass' | 'Decision: Reject' | 'Decision: Manual review';

export async function verdict(instanceId: string): Promise<string> {
  // journey-codemod: unsupported [response.decision-wording] its result is read at line 10 in a way that has no v2 counterpart → v2: type it string, then run again: its comparisons are rewritten to v2's words
  const { data } = await axios.post('https://eu.platform.go.gbgplc.com/captain/api/journey/state/fetch', { instanceId });
  // journey-codemod: unsupported [response.decision-wording] the decision would be in v2's words (Accept, Reject, Manual review), and this code gives it the type V1Decision | undefined, which they do not fit → v2: type it string, then run again: its comparisons are rewritten to v2's words
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
  // journey-codemod: unsupported [status.failure-spelling] its result is read at line 28 in a way that has no v2 counterpart → v2: type it string (an exhaustiveness check's default too) and treat 'Error' as 'Failed', then run again
  const { data } = await axios.post('https://eu.platform.go.gbgplc.com/captain/api/journey/state/fetch', { instanceId });
  // journey-codemod: unsupported [status.failure-spelling] a failed journey's status would read 'Failed' or 'Error' on v2, any string, and this code gives it the type Maybe<V1Status>, which a v2 status does not fit → v2: type it string (an exhaustiveness check's default too) and treat 'Error' as 'Failed', then run again
  const status: Maybe<V1Status> = data.status;
  // journey-codemod: unsupported [status.failure-spelling] reads what the v1 call at line 26 of this file answers, which stays v1
  return status === 'Failed';
}
