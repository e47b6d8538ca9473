import { createJourneyClient, staticToken, type JourneyClient } from '@journey-bridge/client';
import { pendingInteractionId } from './journey-v2.js';

export class Onboarding {
  constructor(private readonly journeys: JourneyClient) {}

  static create(token: string): Onboarding {
    return new Onboarding(createJourneyClient({ region: 'eu', auth: staticToken(token) }));
  }

  async pendingTask(instanceId: string): Promise<string | undefined> {
    const list = await this.journeys.fetchInteraction({ instanceId });
    return pendingInteractionId(list);
  }

  async failed(instanceId: string): Promise<boolean> {
    const state = await this.journeys.fetchState({ instanceId });
    return state.status === 'Failed' || state.status === 'Error';
  }
}

export type Journeys = JourneyClient;
