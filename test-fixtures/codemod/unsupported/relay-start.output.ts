/** What the start is given: any object with a `listTasks`, which RelayClient (a candidate file) declares. */
interface TaskSource {
  listTasks(instanceId: string): Promise<unknown>;
}

/** The instance goes to `tasks.listTasks`, which may be RelayClient's v1 call: the start stays v1. */
export async function openRelay(token: string, tasks: TaskSource): Promise<unknown> {
  // journey-codemod: unsupported [request.start-async] the wait cannot be written here: the start answers a response, not its body → v2: wait with waitForResult(start, (instanceId) => <state fetch>) before reading results
  const res = await fetch(`${process.env.JOURNEY_HOST}/eu/captain/api/journey/start`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ resourceId: 'a1d7c3f0data-check-v1@latest', context: { subject: {} } }),
  });
  const { instanceId } = (await res.json()) as { instanceId: string };
  // journey-codemod: unsupported [codemod.unfollowed-instance] the journey's id is sent to tasks.listTasks, which the codemod cannot read (a method of a class it cannot see, a request whose URL it cannot resolve, an unknown callee): the calls made there with it may stay v1 → v2: send the id only through functions of the project whose requests name their v1 path (a literal or a constant), or migrate those calls with this flow by hand
  return tasks.listTasks(instanceId);
}
