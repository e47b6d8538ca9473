/** What the start is given: any object with a `pendingTaskOf`, which InjectedTaskClient (a candidate file) declares. */
interface PendingTasks {
  pendingTaskOf(instanceId: string): Promise<string | undefined>;
}

/** The instance may reach InjectedTaskClient's v1 task list: the start and that call are one journey, kept on v1. */
export async function openInjected(token: string, tasks: PendingTasks): Promise<string | undefined> {
  const res = await fetch('https://eu.platform.go.gbgplc.com/captain/api/journey/start', {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ resourceId: 'a1d7c3f0data-check-v1@latest', context: { config: { async: true }, subject: {} } }),
  });
  const { instanceId } = (await res.json()) as { instanceId: string };
  return tasks.pendingTaskOf(instanceId);
}
