import axios from 'axios';
let n = 0;
function authHeaders(token) {
  return { authorization: `Bearer ${token}` };
}
export function install(plugins) {
  for (authHeaders of plugins) break;
}
install([(token) => ({ authorization: `Bearer ${token}`, 'x-nonce': String(++n) })]);
export async function complete(instanceId, taskId, subject, token) {
  await axios.post('https://eu.platform.go.gbgplc.com/captain/api/journey/task/update', { intent: 'Complete', instanceId, taskId, context: { subject } }, { headers: authHeaders(token) });
}
