import { SplitBaseClient } from './split-base';

export class SplitKycClient extends SplitBaseClient {
  constructor(token: string) {
    super(token);
  }

  async pendingTask(instanceId: string): Promise<string | undefined> {
    // journey-codemod: unsupported [codemod.shared-constant] shares the literal at line 5 of split-base.ts with the v1 code at line 10 of split-base.ts, which stays v1
    const list = await this.call<{ tasks?: { taskId: string }[] }>('task/list', { instanceId });
    // journey-codemod: unsupported [codemod.dynamic-url] reads what the v1 call at line 10 of this file answers, which stays v1
    return list.tasks?.[0]?.taskId;
  }
}
