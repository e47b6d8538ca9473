import got from 'got';

const BASE = 'https://eu.platform.go.gbgplc.com/captain/api/';

export class VerifyClient {
  constructor(private readonly token: string) {}

  async complete(instanceId: string, taskId: string, subject: object): Promise<void> {
    await got.post(BASE + 'journey/task/update', {
      headers: { authorization: `Bearer ${this.token}` },
      json: { intent: 'Complete', instanceId, taskId, context: { subject } },
    });
  }
}
