import { Client } from './xfile-client';
let sent = 0;
export class CountingClient extends Client {
  headers() {
    return { headers: { authorization: `Bearer ${this.token}`, 'x-sequence': `${sent++}` } };
  }
}
