import axios from 'axios';
import { pendingInteractionId } from './journey-v2.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const subject = { identity: { dateOfBirth: '1990-01-01' } };

/** Completes tasks until none is left, then until the journey has left InProgress. */
export async function completeUntilDone(instanceId: string): Promise<number> {
  let done = 0;
  for (;;) {
    const { data: list } = await axios.post('https://eu.platform.go.gbgplc.com/v2/captain/journey/interaction/fetch', { instanceId });
    const taskId = pendingInteractionId(list);
    if (taskId) {
      await axios.post('https://eu.platform.go.gbgplc.com/v2/captain/journey/interaction/submit', { instanceId, interactionId: taskId, participants: [{ domainElementId: 'DateOfBirth' }], context: { subject } });
      done += 1;
      continue;
    }
    if (list.journey?.status !== 'InProgress') break;
    await sleep(100);
  }
  return done;
}

/** Whether the journey still waits for data, read from the destructured tasks. */
export async function waitsForData(instanceId: string): Promise<boolean> {
  const { data } = await axios.post('https://eu.platform.go.gbgplc.com/v2/captain/journey/interaction/fetch', { instanceId });
  const tasks = pendingInteractionId(data);
  return tasks !== undefined;
}
