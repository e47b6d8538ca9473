import got from 'got';
import { type V2Interaction, participantsFor } from './journey-v2.js';

const BASE = 'https://eu.platform.go.gbgplc.com/v2/captain/';

export class VerifyClient {
  constructor(private readonly token: string) {}

  async complete(instanceId: string, taskId: string, subject: object): Promise<void> {
    await got.post(BASE + 'journey/interaction/submit', {
      headers: { authorization: `Bearer ${this.token}` },
      json: { instanceId, interactionId: taskId, participants: participantsFor(await got.post(BASE + 'journey/interaction/fetch', {
      headers: { authorization: `Bearer ${this.token}` },
      json: { instanceId },
    }).json<V2Interaction>(), subject), context: { subject } },
    });
  }
}
