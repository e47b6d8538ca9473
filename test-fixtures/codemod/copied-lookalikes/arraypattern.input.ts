import axios from 'axios';
function* pendingIds() { yield 'a'; yield 'b'; yield 'c'; }
const pending = pendingIds();
function batchHeaders([first]: Iterable<string>, token: string) {
  return { authorization: `Bearer ${token}`, 'x-batch': first };
}
export async function complete(instanceId: string, taskId: string, subject: object, token: string): Promise<void> {
  await axios.post('https://eu.platform.go.gbgplc.com/captain/api/journey/task/update', { intent: 'Complete', instanceId, taskId, context: { subject } }, { headers: batchHeaders(pending, token) });
}
