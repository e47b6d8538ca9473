import axios from 'axios';
let sent = 0;
const counted = <T extends (...a: any[]) => any>(f: T): T => ((...a: any[]) => { sent++; return f(...a); }) as T;
export class Client {
  constructor(private readonly token: string) {
    this.headers = counted(this.headers.bind(this));
  }
  headers() {
    return { headers: { authorization: `Bearer ${this.token}` } };
  }
  async complete(instanceId: string, taskId: string, subject: object): Promise<void> {
    // journey-codemod: unsupported [request.update-participants] participants come from what the interaction asks for, and it cannot be fetched here: written the way the call is made, each fetch would run this.headers() again: the method only returns a value, but may be replaced where it is not written (a subclass or another file of the run that extends, patches or writes a member of that name, a decorator, or a write in this file) → v2: participants: the elements of interaction.outstanding (else interaction.collects) that the subject carries
    await axios.post('https://eu.platform.go.gbgplc.com/captain/api/journey/task/update', { intent: 'Complete', instanceId, taskId, context: { subject } }, this.headers());
  }
}
