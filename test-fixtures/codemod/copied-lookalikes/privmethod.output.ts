import axios from 'axios';
import { participantsFor } from './journey-v2.js';
export class Client {
  constructor(private readonly token: string) {}
  private headers(): Record<string, string> {
    return { Authorization: `Bearer ${this.token}`, 'Content-Type': 'application/json' };
  }
  async complete(instanceId: string, taskId: string, subject: object): Promise<void> {
    await axios.post('https://eu.platform.go.gbgplc.com/v2/captain/journey/interaction/submit', { instanceId, interactionId: taskId, participants: participantsFor(await axios.post('https://eu.platform.go.gbgplc.com/v2/captain/journey/interaction/fetch', { instanceId }, { headers: this.headers() }).then((response) => response.data), subject), context: { subject } }, { headers: this.headers() });
  }
}
