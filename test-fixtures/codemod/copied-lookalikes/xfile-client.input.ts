import axios from 'axios';
export class Client {
  constructor(protected readonly token: string) {}
  headers() {
    return { headers: { authorization: `Bearer ${this.token}` } };
  }
  async complete(instanceId: string, taskId: string, subject: object): Promise<void> {
    await axios.post('https://eu.platform.go.gbgplc.com/captain/api/journey/task/update', { intent: 'Complete', instanceId, taskId, context: { subject } }, this.headers());
  }
}
