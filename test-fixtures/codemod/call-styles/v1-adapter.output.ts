import { createJourneyClient, staticToken } from '@journey-bridge/client';
import { type JourneyClient } from '@journey-bridge/client';

const api: JourneyClient = createJourneyClient({ baseUrl: 'https://eu.platform.go.gbgplc.com/v2/captain/', auth: staticToken('t') });

export async function next(instanceId: string) {
  const list = await api.fetchInteraction({ instanceId });
  return list.interactionId;
}
