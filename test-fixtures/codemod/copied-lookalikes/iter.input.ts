import axios from 'axios';
function* pendingIds() { yield 'a'; yield 'b'; }
const pending = pendingIds();
function batchHeaders(token: string) {
  return { authorization: `Bearer ${token}`, 'x-batch': String([...pending]) };
}
export async function complete(instanceId: string, taskId: string, subject: object, token: string): Promise<void> {
  await axios.post('https://eu.platform.go.gbgplc.com/captain/api/journey/task/update', { intent: 'Complete', instanceId, taskId, context: { subject } }, { headers: batchHeaders(token) });
}
