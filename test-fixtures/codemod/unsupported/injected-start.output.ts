/** What the start is given: any object with a `pendingTaskOf`, which InjectedTaskClient (a candidate file) declares. */
interface PendingTasks {
  pendingTaskOf(instanceId: string): Promise<string | undefined>;
}

/** The instance may reach InjectedTaskClient's v1 task list: the start and that call are one journey, kept on v1. */
export async function openInjected(token: string, tasks: PendingTasks): Promise<string | undefined> {
  // journey-codemod: unsupported [codemod.unfollowed-instance] its instance is sent at line 16 to code the codemod cannot read, which may call v1 with it → v2: send the id only through functions of the project whose requests name their v1 path (a literal or a constant), or migrate those calls with this flow by hand
  const res = await fetch('https://eu.platform.go.gbgplc.com/captain/api/journey/start', {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ resourceId: 'a1d7c3f0data-check-v1@latest', context: { config: { async: true }, subject: {} } }),
  });
  const { instanceId } = (await res.json()) as { instanceId: string };
  // journey-codemod: unsupported [codemod.unfollowed-instance] the journey's id is sent to tasks.pendingTaskOf, which the codemod cannot read (a method of a class it cannot see, a request whose URL it cannot resolve, an unknown callee): the calls made there with it may stay v1 → v2: send the id only through functions of the project whose requests name their v1 path (a literal or a constant), or migrate those calls with this flow by hand
  return tasks.pendingTaskOf(instanceId);
}
