import axios from 'axios';

// Alone, this read would move to v2. Its instance id comes from outside, as the task list reads' ids do, and those
// stay v1: the ids may be of one journey, so it stays v1 with them rather than read v2 for a journey started on v1.
export async function finished(instanceId: string): Promise<boolean> {
  const { data } = await axios.post('https://eu.platform.go.gbgplc.com/captain/api/journey/state/fetch', { instanceId });
  return data.status === 'Completed' || data.status === 'Failed';
}
