import axios from 'axios';

export async function label(instanceId: string, failed: string): Promise<string> {
  // journey-codemod: unsupported [status.failure-spelling] its result is read at line 10 in a way that has no v2 counterpart → v2: treat 'Error' as 'Failed' here (a table gets an 'Error' key, a list both, a case-folded compare 'error' too), then run again
  const { data } = await axios.post('https://eu.platform.go.gbgplc.com/captain/api/journey/state/fetch', { instanceId });
  // journey-codemod: unsupported [status.failure-spelling] a failed journey's status would read 'Failed' or 'Error' on v2, and this code compares it with case failed, which the codemod cannot show takes both → v2: treat 'Error' as 'Failed' here (a table gets an 'Error' key, a list both, a case-folded compare 'error' too), then run again
  switch (data.status) {
    case 'Completed':
      return 'done';
    case failed:
      return 'failed';
    default:
      return 'waiting';
  }
}
