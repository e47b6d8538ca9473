/** A client a composition root builds and hands out behind an interface: its request is one the codemod can plan. */
export class InjectedTaskClient {
  constructor(private readonly token: string) {}

  async pendingTaskOf(instanceId: string): Promise<string | undefined> {
    const res = await fetch('https://eu.platform.go.gbgplc.com/captain/api/journey/task/list', {
      method: 'POST',
      headers: { authorization: `Bearer ${this.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ instanceId }),
    });
    const list = (await res.json()) as { tasks: { taskId: string }[] };
    return list.tasks[0]?.taskId;
  }
}
