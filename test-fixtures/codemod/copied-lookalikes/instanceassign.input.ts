import axios from 'axios';
let n = 0;
export class Client {
  constructor(private readonly token: string) {}
  headers() { return { authorization: `Bearer ${this.token}` }; }
  async complete(instanceId: string, taskId: string, subject: object): Promise<void> {
    await axios.post('https://eu.platform.go.gbgplc.com/captain/api/journey/task/update', { intent: 'Complete', instanceId, taskId, context: { subject } }, { headers: this.headers() });
  }
}
export function counting(token: string): Client {
  const c = new Client(token);
  c.headers = () => ({ authorization: String(n++) });
  return c;
}
