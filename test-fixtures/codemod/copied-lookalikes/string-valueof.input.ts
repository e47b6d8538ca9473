import axios from 'axios';
let n = 0;
const nonce = { toString: () => String(n++) };
function authHeaders(token: string) { return { authorization: `Bearer ${token}`, 'x-nonce': String(nonce) }; }
export async function complete(instanceId: string, taskId: string, subject: object, token: string): Promise<void> {
  await axios.post('https://eu.platform.go.gbgplc.com/captain/api/journey/task/update', { intent: 'Complete', instanceId, taskId, context: { subject } }, { headers: authHeaders(token) });
}
