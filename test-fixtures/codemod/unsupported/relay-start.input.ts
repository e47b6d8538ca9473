/** What the start is given: any object with a `listTasks`, which RelayClient (a candidate file) declares. */
interface TaskSource {
  listTasks(instanceId: string): Promise<unknown>;
}

/** The instance goes to `tasks.listTasks`, which may be RelayClient's v1 call: the start stays v1. */
export async function openRelay(token: string, tasks: TaskSource): Promise<unknown> {
  const res = await fetch(`${process.env.JOURNEY_HOST}/eu/captain/api/journey/start`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ resourceId: 'a1d7c3f0data-check-v1@latest', context: { subject: {} } }),
  });
  const { instanceId } = (await res.json()) as { instanceId: string };
  return tasks.listTasks(instanceId);
}
