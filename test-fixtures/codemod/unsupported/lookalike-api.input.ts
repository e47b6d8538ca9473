// Another API whose paths look like v1's: the marketing platform's "journeys", on a host written out in full.
// Rewriting them would break that API, and the codemod cannot tell it from v1 behind a gateway: each is marked.
import axios from 'axios';
import ky from 'ky';

const crm = ky.create({ prefixUrl: 'https://crm.internal.acme.com/api', timeout: 5000 });
const campaigns = axios.create({ baseURL: 'https://campaigns.acme.com/v3/' });

export async function nextCrmTask(instanceId: string): Promise<string | undefined> {
  const list = await crm.post('journey/task/list', { json: { instanceId } }).json<{ tasks: { taskId: string }[] }>();
  return list.tasks[0]?.taskId;
}

export async function crmFirstTask(instanceId: string): Promise<string | undefined> {
  const res = await fetch('https://crm.internal.acme.com/api/journey/task/list', { method: 'POST', body: JSON.stringify({ instanceId }) });
  const body = (await res.json()) as { tasks: { taskId: string }[] };
  return body.tasks[0]?.taskId;
}

export async function campaignState(instanceId: string): Promise<string> {
  const { data } = await campaigns.post<{ status: string }>('journey/state/fetch', { instanceId });
  return data.status;
}

// Written for the page's own scheme, as a browser script may.
export async function pageCrmTask(instanceId: string): Promise<string | undefined> {
  const res = await fetch('//crm.internal.acme.com/api/journey/task/list', { method: 'POST', body: JSON.stringify({ instanceId }) });
  const body = (await res.json()) as { tasks: { taskId: string }[] };
  return body.tasks[0]?.taskId;
}
