import { participantsFor } from './journey-v2.js';
// TypeScript's CommonJS import of axios: the same axios, whose calls answer { data }.
import axios = require('axios');

class AddressClient {
  constructor(private readonly token: string) {}

  private headers() {
    return { headers: { authorization: `Bearer ${this.token}` } };
  }

  async complete(instanceId: string, taskId: string, address: object): Promise<void> {
    await axios.post('https://eu.platform.go.gbgplc.com/v2/captain/journey/interaction/submit', { instanceId, interactionId: taskId, participants: participantsFor(await axios.post('https://eu.platform.go.gbgplc.com/v2/captain/journey/interaction/fetch', { instanceId }, this.headers()).then((response) => response.data), { address }), context: { subject: { address } } }, this.headers());
  }
}

export = AddressClient;
