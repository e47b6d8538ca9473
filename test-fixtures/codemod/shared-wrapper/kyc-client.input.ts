import { post } from './wrapper';

export interface TaskList {
  status: string;
  tasks: { taskId: string }[];
}

export class KycClient {
  constructor(private readonly token: string) {}

  start(subject: object) {
    return post<{ instanceId: string }>('start', this.token, { resourceId: 'a1d7c3f0data-check-v1@latest', context: { config: { async: true }, subject } });
  }

  tasks(instanceId: string) {
    return post<TaskList>('task/list', this.token, { instanceId });
  }

  complete(instanceId: string, taskId: string, subject: object) {
    return post('task/update', this.token, { intent: 'Complete', instanceId, taskId, context: { subject } });
  }
}
