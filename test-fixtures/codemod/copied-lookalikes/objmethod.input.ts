import axios from 'axios';
export class Client {
  constructor(private readonly token: string) {}
  headers() {
    return { headers: { authorization: `Bearer ${this.token}` } };
  }
  api = {
    sent: 0,
    headers() {
      return { headers: { 'x-sequence': `${this.sent++}` } };
    },
    async complete(instanceId: string, taskId: string, subject: object): Promise<void> {
      await axios.post('https://eu.platform.go.gbgplc.com/captain/api/journey/task/update', { intent: 'Complete', instanceId, taskId, context: { subject } }, this.headers());
    },
  };
}
