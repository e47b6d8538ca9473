import axios from 'axios';
let issued = 0;
export class Client {
  constructor(private readonly token: string) {}
  get requestId() { return `req-${++issued}`; }
  headers() { return { 'x-request-id': this.requestId }; }
  async complete(instanceId: string, taskId: string, subject: object): Promise<void> {
    await axios.post('https://eu.platform.go.gbgplc.com/captain/api/journey/task/update', { intent: 'Complete', instanceId, taskId, context: { subject } }, { headers: this.headers() });
  }
}
