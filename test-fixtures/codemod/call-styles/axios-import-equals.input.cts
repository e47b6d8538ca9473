// TypeScript's CommonJS import of axios: the same axios, whose calls answer { data }.
import axios = require('axios');

class AddressClient {
  constructor(private readonly token: string) {}

  private headers() {
    return { headers: { authorization: `Bearer ${this.token}` } };
  }

  async complete(instanceId: string, taskId: string, address: object): Promise<void> {
    await axios.post('https://eu.platform.go.gbgplc.com/captain/api/journey/task/update', { intent: 'Complete', instanceId, taskId, context: { subject: { address } } }, this.headers());
  }
}

export = AddressClient;
