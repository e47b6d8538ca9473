// Another API whose paths look like v1's: the marketing platform's "journeys", on a host written out in full.
// Rewriting them would break that API, and the codemod cannot tell it from v1 behind a gateway: each is marked.
import axios from 'axios';
import ky from 'ky';

const crm = ky.create({ prefixUrl: 'https://crm.internal.acme.com/api', timeout: 5000 });
const campaigns = axios.create({ baseURL: 'https://campaigns.acme.com/v3/' });

export async function nextCrmTask(instanceId: string): Promise<string | undefined> {
  // journey-codemod: unsupported [codemod.unrecognized-v1-url] its base (https://crm.internal.acme.com/api/) is written out and is not the platform's v1 base (…/captain/api/): it may be another API's path that looks like v1's, or v1 behind a gateway the codemod cannot tell → v2: if it is another API, put `// journey-codemod-ignore` above the call; if it is v1 behind a gateway, point the gateway at /v2/captain/ and write the v2 call by hand
  const list = await crm.post('journey/task/list', { json: { instanceId } }).json<{ tasks: { taskId: string }[] }>();
  // journey-codemod: unsupported [codemod.unrecognized-v1-url] reads what the v1 call at line 11 of this file answers, which stays v1
  return list.tasks[0]?.taskId;
}

export async function crmFirstTask(instanceId: string): Promise<string | undefined> {
  // journey-codemod: unsupported [codemod.unrecognized-v1-url] its base (https://crm.internal.acme.com/api/) is written out and is not the platform's v1 base (…/captain/api/): it may be another API's path that looks like v1's, or v1 behind a gateway the codemod cannot tell → v2: if it is another API, put `// journey-codemod-ignore` above the call; if it is v1 behind a gateway, point the gateway at /v2/captain/ and write the v2 call by hand
  const res = await fetch('https://crm.internal.acme.com/api/journey/task/list', { method: 'POST', body: JSON.stringify({ instanceId }) });
  // journey-codemod: unsupported [codemod.unrecognized-v1-url] reads what the v1 call at line 18 of this file answers, which stays v1
  const body = (await res.json()) as { tasks: { taskId: string }[] };
  // journey-codemod: unsupported [codemod.unrecognized-v1-url] reads what the v1 call at line 18 of this file answers, which stays v1
  return body.tasks[0]?.taskId;
}

export async function campaignState(instanceId: string): Promise<string> {
  const { data } = await campaigns.post<{ status: string }>('journey/state/fetch', { instanceId });
  return data.status;
}

// Written for the page's own scheme, as a browser script may.
export async function pageCrmTask(instanceId: string): Promise<string | undefined> {
  // journey-codemod: unsupported [codemod.unrecognized-v1-url] its base (//crm.internal.acme.com/api/) is written out and is not the platform's v1 base (…/captain/api/): it may be another API's path that looks like v1's, or v1 behind a gateway the codemod cannot tell → v2: if it is another API, put `// journey-codemod-ignore` above the call; if it is v1 behind a gateway, point the gateway at /v2/captain/ and write the v2 call by hand
  const res = await fetch('//crm.internal.acme.com/api/journey/task/list', { method: 'POST', body: JSON.stringify({ instanceId }) });
  // journey-codemod: unsupported [codemod.unrecognized-v1-url] reads what the v1 call at line 33 of this file answers, which stays v1
  const body = (await res.json()) as { tasks: { taskId: string }[] };
  // journey-codemod: unsupported [codemod.unrecognized-v1-url] reads what the v1 call at line 33 of this file answers, which stays v1
  return body.tasks[0]?.taskId;
}
