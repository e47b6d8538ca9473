import { SplitBaseClient } from './split-base';

export class SplitKycClient extends SplitBaseClient {
  constructor(token: string) {
    super(token);
  }

  async pendingTask(instanceId: string): Promise<string | undefined> {
    // journey-codemod: unsupported [codemod.unfollowed-instance] the journey's id is sent to this.call, which the codemod cannot read (a method of a class it cannot see, a request whose URL it cannot resolve, an unknown callee): the calls made there with it may stay v1 → v2: send the id only through functions of the project whose requests name their v1 path (a literal or a constant), or migrate those calls with this flow by hand
    const list = await this.call<{ tasks?: { taskId: string }[] }>('task/list', { instanceId });
    return list.tasks?.[0]?.taskId;
  }
}
