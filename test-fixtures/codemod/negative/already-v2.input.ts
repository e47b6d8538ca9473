import { createJourneyClient, staticToken } from '@journey-bridge/client';

const client = createJourneyClient({ baseUrl: 'https://eu.platform.go.gbgplc.com/v2/captain/', auth: staticToken('token') });

export async function run(instanceId: string) {
  const interaction = await client.fetchInteraction({ instanceId });
  const state = await client.fetchState({ instanceId });
  return { interactionId: interaction.interactionId, failed: state.status === 'Failed' || state.status === 'Error' };
}
