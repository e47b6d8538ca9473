// A user's app in the scratch project: one v2 journey against the installed journey-sim, with the installed client.
import { clientCredentials, createJourneyClient } from '@journey-bridge/client';

const client = createJourneyClient({
  baseUrl: new URL('/eu/v2/captain/', process.argv[2]).href,
  auth: clientCredentials({ clientId: 'demo-client', clientSecret: 'demo-secret' }),
});
const { instanceId } = await client.startJourney({
  resourceId: 'b2e8d4a1data-check-v2@latest',
  context: { config: { delivery: 'api' }, subject: {} },
});
const { interactionId } = await client.waitForInteraction(instanceId);
await client.submitInteraction({
  instanceId,
  interactionId,
  participants: [{ domainElementId: 'FullName' }, { domainElementId: 'DateOfBirth' }],
  context: { subject: { identity: { firstName: 'Ada', lastNames: ['Lovelace'], dateOfBirth: '1985-12-10' } } },
});
const state = await client.waitForResult(instanceId);
console.log(JSON.stringify({ status: state.status }));
