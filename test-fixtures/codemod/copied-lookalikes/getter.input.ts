import axios from 'axios';
let issued = 0;
function nextRequestId(): string {
  return `req-${++issued}`;
}
function authHeaders(token: string) {
  return { authorization: `Bearer ${token}`, get 'x-request-id'() { return nextRequestId(); } };
}
export async function complete(instanceId: string, taskId: string, subject: object, token: string): Promise<void> {
  await axios.post('https://eu.platform.go.gbgplc.com/captain/api/journey/task/update', { intent: 'Complete', instanceId, taskId, context: { subject } }, { headers: { ...authHeaders(token) } });
}
