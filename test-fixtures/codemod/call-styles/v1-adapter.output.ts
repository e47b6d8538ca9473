import { createJourneyClient, staticToken } from '@journey-bridge/client';
import { type JourneyClient } from '@journey-bridge/client';
import { pendingInteractionId } from './journey-v2.js';

const api: JourneyClient = createJourneyClient({ baseUrl: 'https://eu.platform.go.gbgplc.com/v2/captain/', auth: staticToken('t') });

export async function next(instanceId: string) {
  const list = await api.fetchInteraction({ instanceId });
  return pendingInteractionId(list);
}
