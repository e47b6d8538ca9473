import { SplitBaseClient } from './split-base';

export class SplitKycClient extends SplitBaseClient {
  constructor(token: string) {
    super(token);
  }

  async pendingTask(instanceId: string): Promise<string | undefined> {
    const list = await this.call<{ tasks?: { taskId: string }[] }>('task/list', { instanceId });
    return list.tasks?.[0]?.taskId;
  }
}
