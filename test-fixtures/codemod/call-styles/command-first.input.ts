interface Client {
  request<T>(command: string, path: string, body: Record<string, unknown>): Promise<T>;
}

// A command-line client names the command first and the path second; its task bodies carry a field of their own.
export async function completeFirst(client: Client, instanceId: string, subject: { identity: { firstName: string } }) {
  const list = await client.request<{ tasks: { taskId: string }[] }>('task list', 'journey/task/list', { instanceId, journeyId: 'kyc', filter: { state: 'open' } });
  const [task] = list.tasks;
  if (!task) return;
  await client.request('task complete', 'journey/task/update', { instanceId, taskId: task.taskId, intent: 'COMPLETE', context: { subject } });
}
