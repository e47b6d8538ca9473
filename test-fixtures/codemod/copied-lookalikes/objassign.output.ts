import axios from 'axios';
export class Client {
  constructor(private readonly token: string, options: Partial<Client> = {}) { Object.assign(this, options); }
  headers() {
    return { headers: { authorization: `Bearer ${this.token}` } };
  }
  async complete(instanceId: string, taskId: string, subject: object): Promise<void> {
    // journey-codemod: unsupported [request.update-participants] participants come from what the interaction asks for, and it cannot be fetched here: written the way the call is made, each fetch would run this.headers() again: the method only returns a value, but may be replaced where it is not written (a subclass or another file of the run that extends, patches or writes a member of that name, a decorator, or a write in this file) → v2: participants: the elements of interaction.outstanding (else interaction.collects) that the subject carries
    await axios.post('https://eu.platform.go.gbgplc.com/captain/api/journey/task/update', { intent: 'Complete', instanceId, taskId, context: { subject } }, this.headers());
  }
}
let n = 0;
export const counting = new Client('t', { headers: () => ({ headers: { authorization: `Bearer ${n++}` } }) });
