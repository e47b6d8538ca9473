import axios from 'axios';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const subject = { identity: { dateOfBirth: '1990-01-01' } };

/** Completes tasks until none is left, then until the journey has left InProgress. */
export async function completeUntilDone(instanceId: string): Promise<number> {
  let done = 0;
  for (;;) {
    const { data: list } = await axios.post('https://eu.platform.go.gbgplc.com/captain/api/journey/task/list', { instanceId });
    const taskId = list.tasks[0]?.taskId;
    if (taskId) {
      await axios.post('https://eu.platform.go.gbgplc.com/captain/api/journey/task/update', { intent: 'Complete', instanceId, taskId, context: { subject } });
      done += 1;
      continue;
    }
    if (list.status !== 'InProgress') break;
    await sleep(100);
  }
  return done;
}

/** Whether the journey still waits for data, read from the destructured tasks. */
export async function waitsForData(instanceId: string): Promise<boolean> {
  const { data } = await axios.post('https://eu.platform.go.gbgplc.com/captain/api/journey/task/list', { instanceId });
  const { tasks } = data;
  return tasks.length > 0;
}
