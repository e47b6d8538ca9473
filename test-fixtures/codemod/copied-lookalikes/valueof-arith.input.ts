import axios from 'axios';
let n = 0;
const seq = { valueOf: () => n++ };
export async function complete(instanceId: string, taskId: string, subject: object, token: string): Promise<void> {
  await axios.post('https://eu.platform.go.gbgplc.com/captain/api/journey/task/update', { intent: 'Complete', instanceId, taskId, context: { subject } }, { headers: { 'x-seq': `${(seq as any) + 1}` } });
}
