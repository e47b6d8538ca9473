import axios from 'axios';
let issued = 0;
namespace Buffer {
  export function from(s: string) { issued++; return { toString: (_e?: string) => `${s}#${issued}` }; }
}
export async function complete(instanceId: string, taskId: string, subject: object, token: string): Promise<void> {
  await axios.post('https://eu.platform.go.gbgplc.com/captain/api/journey/task/update', { intent: 'Complete', instanceId, taskId, context: { subject } }, { headers: { authorization: `Basic ${Buffer.from(`id:${token}`).toString('base64')}` } });
}
