import { clientCredentials, createJourneyClient, type JourneyClient } from '@journey-bridge/client';
import { participantsFor, pendingInteractionId, requiredInteractionId } from './journey-v2.js';

export const api: JourneyClient = createJourneyClient({
  baseUrl: 'https://eu.platform.go.gbgplc.com/v2/captain/',
  auth: clientCredentials({ clientId: 'demo-client', clientSecret: 'demo-secret' }),
});

export async function verify(journeys: JourneyClient, subject: { identity: { firstName: string; lastNames: string[]; dateOfBirth: string } }) {
  const { instanceId } = await journeys.startJourney({
    resourceId: 'b2e8d4a1data-check-v2@latest',
    context: { config: { delivery: 'api' }, subject: {} },
  });
  const list = await journeys.fetchInteraction({ instanceId });
  const task = pendingInteractionId(list);
  if (!task) return undefined;
  await journeys.submitInteraction({ instanceId, interactionId: requiredInteractionId(task), participants: participantsFor(list, subject), context: { subject } });
  const state = await journeys.fetchState({ instanceId });
  return (state.status === 'Failed' || state.status === 'Error') ? 'failed' : 'done';
}
