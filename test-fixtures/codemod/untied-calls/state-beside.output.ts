import axios from 'axios';

// Alone, this read would move to v2. Its instance id comes from outside, as the task list reads' ids do, and those
// stay v1: the ids may be of one journey, so it stays v1 with them rather than read v2 for a journey started on v1.
export async function finished(instanceId: string): Promise<boolean> {
  // journey-codemod: unsupported [codemod.unfollowed-instance] it may take an instance id no start of the run answered, as the v1 call at line 12 of got-async-wrapper.ts does, which stays v1: they may be one journey, which must not be half on v2 → v2: hand the id from the start to the calls that use it through functions of the project, or migrate these calls together by hand
  const { data } = await axios.post('https://eu.platform.go.gbgplc.com/captain/api/journey/state/fetch', { instanceId });
  // journey-codemod: unsupported [codemod.unfollowed-instance] reads what the v1 call at line 7 of this file answers, which stays v1
  return data.status === 'Completed' || data.status === 'Failed';
}
