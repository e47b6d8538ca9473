import { listTasks } from './tasks';

interface Res {
  json(body: unknown): void;
}

export async function tasksRoute(req: { body: { instanceId: string } }, res: Res, token: string): Promise<void> {
  const list = await listTasks(token, req.body.instanceId);
  res.json({ next: list.tasks[0]?.taskId ?? null });
}
