import { journeyUrl } from './config';

export async function listTasks(token: string, instanceId: string): Promise<{ tasks: { taskId: string }[] }> {
  const res = await fetch(journeyUrl('task/list'), {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ instanceId }),
  });
  return (await res.json()) as { tasks: { taskId: string }[] };
}
