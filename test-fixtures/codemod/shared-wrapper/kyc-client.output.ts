import { post } from './wrapper';

export interface TaskList {
  status: string;
  tasks: { taskId: string }[];
}

export class KycClient {
  constructor(private readonly token: string) {}

  start(subject: object) {
    // journey-codemod: unsupported [codemod.shared-constant] shares the literal at line 2 of wrapper.ts with the v1 code at line 6 of drafts.ts, which stays v1
    return post<{ instanceId: string }>('start', this.token, { resourceId: 'a1d7c3f0data-check-v1@latest', context: { config: { async: true }, subject } });
  }

  tasks(instanceId: string) {
    // journey-codemod: unsupported [codemod.shared-constant] shares the literal at line 2 of wrapper.ts with the v1 code at line 6 of drafts.ts, which stays v1
    return post<TaskList>('task/list', this.token, { instanceId });
  }

  complete(instanceId: string, taskId: string, subject: object) {
    // journey-codemod: unsupported [codemod.shared-constant] shares the literal at line 2 of wrapper.ts with the v1 code at line 6 of drafts.ts, which stays v1
    return post('task/update', this.token, { intent: 'Complete', instanceId, taskId, context: { subject } });
  }
}
