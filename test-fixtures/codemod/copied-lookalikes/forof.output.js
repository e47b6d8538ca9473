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
  // journey-codemod: unsupported [request.update-participants] participants come from what the interaction asks for, and it cannot be fetched here: written the way the call is made, each fetch would run authHeaders(token) again → v2: participants: the elements of interaction.outstanding (else interaction.collects) that the subject carries
  await axios.post('https://eu.platform.go.gbgplc.com/captain/api/journey/task/update', { intent: 'Complete', instanceId, taskId, context: { subject } }, { headers: authHeaders(token) });
}
