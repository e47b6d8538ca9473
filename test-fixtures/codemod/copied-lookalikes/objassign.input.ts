import axios from 'axios';
export class Client {
  constructor(private readonly token: string, options: Partial<Client> = {}) { Object.assign(this, options); }
  headers() {
    return { headers: { authorization: `Bearer ${this.token}` } };
  }
  async complete(instanceId: string, taskId: string, subject: object): Promise<void> {
    await axios.post('https://eu.platform.go.gbgplc.com/captain/api/journey/task/update', { intent: 'Complete', instanceId, taskId, context: { subject } }, this.headers());
  }
}
let n = 0;
export const counting = new Client('t', { headers: () => ({ headers: { authorization: `Bearer ${n++}` } }) });
