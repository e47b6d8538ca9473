import axios from 'axios';
let n = 0;
namespace Signing {
  export const signed = (token: string) => ({ authorization: `Bearer ${token}`, 'x-n': String(++n) });
}
function authHeaders(token: string) {
  return { authorization: `Bearer ${token}` };
}
export namespace Api {
  import authHeaders = Signing.signed;
  export async function complete(instanceId: string, taskId: string, subject: object, token: string): Promise<void> {
    // journey-codemod: unsupported [codemod.namespace] this code is in a TypeScript namespace, whose functions the codemod does not follow to the code that calls them: migrated, a caller could send a v1 resource id or read a v2 answer as v1 unseen → v2: move the functions out of the namespace into a module of their own (export function …), and run again
    await axios.post('https://eu.platform.go.gbgplc.com/captain/api/journey/task/update', { intent: 'Complete', instanceId, taskId, context: { subject } }, { headers: authHeaders(token) });
  }
}
