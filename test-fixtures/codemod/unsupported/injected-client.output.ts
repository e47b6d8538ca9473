/** A client a composition root builds and hands out behind an interface: its request is one the codemod can plan. */
export class InjectedTaskClient {
  constructor(private readonly token: string) {}

  async pendingTaskOf(instanceId: string): Promise<string | undefined> {
    // journey-codemod: unsupported [codemod.unfollowed-instance] belongs to the journey flow of the v1 call at line 9 of injected-start.ts, which stays v1
    const res = await fetch('https://eu.platform.go.gbgplc.com/captain/api/journey/task/list', {
      method: 'POST',
      headers: { authorization: `Bearer ${this.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ instanceId }),
    });
    // journey-codemod: unsupported [codemod.unfollowed-instance] reads what the v1 call at line 7 of this file answers, which stays v1
    const list = (await res.json()) as { tasks: { taskId: string }[] };
    // journey-codemod: unsupported [codemod.unfollowed-instance] reads what the v1 call at line 7 of this file answers, which stays v1
    return list.tasks[0]?.taskId;
  }
}
