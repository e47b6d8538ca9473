// Another API whose path looks like v1's, opted out where it is called: what the call answers is read as that API
// answers it, so its reads are left as written too.
import ky from 'ky';

const crm = ky.create({ prefixUrl: 'https://crm.internal.acme.com/api' });

export async function nextCrmTask(instanceId: string): Promise<string | undefined> {
  // journey-codemod-ignore: the CRM's own journeys, not the platform's
  const list = await crm.post('journey/task/list', { json: { instanceId } }).json<{ tasks: { taskId: string }[] }>();
  if (list.tasks.length === 0) return undefined;
  return list.tasks[0]?.taskId;
}

// Its error body too: read as that API writes it, not as v1's.
export async function closeCrmTask(instanceId: string, taskId: string): Promise<void> {
  // journey-codemod-ignore: the CRM's own journeys
  const res = await fetch('https://crm.internal.acme.com/api/journey/task/update', { method: 'POST', body: JSON.stringify({ instanceId, taskId }) });
  if (!res.ok) {
    const err = await res.json();
    if (err.error === 'not-found-error') return;
    throw new Error(err.message);
  }
}
