import ky from 'ky';
let issued = 0;
const nonce = () => ({ toString() { return `n-${++issued}`; } });
export async function complete(instanceId, taskId, subject, token) {
  await ky.post('https://eu.platform.go.gbgplc.com/captain/api/journey/task/update', { json: { intent: 'Complete', instanceId, taskId, context: { subject } }, headers: { authorization: `Bearer ${token}`, 'x-nonce': `${nonce()}` } });
}
