import axios from 'axios';
export class Client {
  constructor(private readonly token: string) {}
  private headers(): Record<string, string> {
    return { Authorization: `Bearer ${this.token}`, 'Content-Type': 'application/json' };
  }
  async complete(instanceId: string, taskId: string, subject: object): Promise<void> {
    await axios.post('https://eu.platform.go.gbgplc.com/captain/api/journey/task/update', { intent: 'Complete', instanceId, taskId, context: { subject } }, { headers: this.headers() });
  }
}
