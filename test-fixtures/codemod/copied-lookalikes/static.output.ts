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
    // journey-codemod: unsupported [request.update-participants] participants come from what the interaction asks for, and it cannot be fetched here: written the way the call is made, each fetch would run this.headers() again: the method only returns a value, but may be replaced where it is not written (a subclass or another file of the run that extends, patches or writes a member of that name, a decorator, or a write in this file) → v2: participants: the elements of interaction.outstanding (else interaction.collects) that the subject carries
    await axios.post('https://eu.platform.go.gbgplc.com/captain/api/journey/task/update', { intent: 'Complete', instanceId, taskId, context: { subject } }, this.headers());
  }
}
