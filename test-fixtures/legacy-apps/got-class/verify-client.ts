import got, { type Got } from 'got';

const JOURNEY_API = `${process.env.JOURNEY_HOST}/eu/captain/api/`;

export interface TaskList {
  instanceId: string;
  status: string;
  tasks: { taskId: string }[];
}

export class VerifyClient {
  private readonly http: Got;

  constructor(token: string) {
    this.http = got.extend({ prefixUrl: JOURNEY_API, headers: { authorization: `Bearer ${token}` }, retry: { limit: 0 } });
  }

  async begin(subject: object): Promise<string> {
    const started = await this.http
      .post('journey/start', { json: { resourceId: 'a1d7c3f0data-check-v1@latest', context: { subject } } })
      .json<{ instanceId: string }>();
    return started.instanceId;
  }

  tasks(instanceId: string): Promise<TaskList> {
    return this.http.post('journey/task/list', { json: { instanceId } }).json<TaskList>();
  }

  async complete(instanceId: string, taskId: string, subject: object): Promise<void> {
    await this.http.post('journey/task/update', { json: { intent: 'Complete', instanceId, taskId, context: { subject } } });
  }

  async status(instanceId: string): Promise<string> {
    const state = await this.http.post('journey/state/fetch', { json: { instanceId } }).json<{ status: string }>();
    return state.status;
  }
}
