// A CommonJS user's app in the scratch project: the installed simulator (its bundled journeys found from the
// CommonJS build) on a free port, and one v2 journey on it with the installed client, both loaded with require.
const { clientCredentials, createJourneyClient } = require('@journey-bridge/client');
const { bundledJourneysDir, createSimulator, loadJourneys } = require('@journey-bridge/simulator');

async function main() {
  const sim = createSimulator({ journeys: await loadJourneys(bundledJourneysDir) });
  const { url, close } = await sim.listen();
  try {
    const client = createJourneyClient({
      baseUrl: `${url}/eu/v2/captain/`,
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
  } finally {
    await close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
