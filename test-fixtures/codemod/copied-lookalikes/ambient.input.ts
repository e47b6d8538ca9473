import axios from 'axios';
declare function signedHeaders(token: string): Record<string, string>;
export function preview(token: string) {
  const signedHeaders = (t: string) => ({ authorization: `Bearer ${t}` });
  return signedHeaders(token);
}
export async function complete(instanceId: string, taskId: string, subject: object, token: string): Promise<void> {
  await axios.post('https://eu.platform.go.gbgplc.com/captain/api/journey/task/update', { intent: 'Complete', instanceId, taskId, context: { subject } }, { headers: signedHeaders(token) });
}
