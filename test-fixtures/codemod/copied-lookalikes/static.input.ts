import axios from 'axios';
export class Client {
  private sent = 0;
  constructor(private readonly token: string) {}
  static headers(token: string) {
    return { headers: { authorization: `Bearer ${token}` } };
  }
  headers() {
    return { headers: { authorization: `Bearer ${this.token}`, 'x-sequence': `${this.sent++}` } };
  }
  async complete(instanceId: string, taskId: string, subject: object): Promise<void> {
    await axios.post('https://eu.platform.go.gbgplc.com/captain/api/journey/task/update', { intent: 'Complete', instanceId, taskId, context: { subject } }, this.headers());
  }
}
