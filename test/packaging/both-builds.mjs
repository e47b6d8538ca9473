// Both builds of the client in one process, as in a CommonJS app whose tests run under vitest: the installed
// adapter imported (its ES module build, with the client's ES module build), the client required (CommonJS).
import { createRequire } from 'node:module';
import { createV1Adapter, createV1HttpHandler } from '@journey-bridge/adapter';
import * as importedClient from '@journey-bridge/client';
import { bundledJourneysDir, createSimulator, loadJourneys } from '@journey-bridge/simulator';

const requiredClient = createRequire(import.meta.url)('@journey-bridge/client');
const sim = createSimulator({ journeys: await loadJourneys(bundledJourneysDir) });
const token = sim.issueToken();
const client = requiredClient.createJourneyClient({
  baseUrl: 'http://sim.test/eu/v2/captain/',
  auth: requiredClient.staticToken(token),
  fetch: sim.fetch,
});
const handleV1 = createV1HttpHandler({
  adapter: createV1Adapter({ client, journeyMap: { 'a1d7c3f0data-check-v1': 'b2e8d4a1data-check-v2' } }),
});
const response = await handleV1(
  new Request('http://shim.test/captain/api/journey/state/fetch', {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ instanceId: 'does-not-exist' }),
  }),
);
const thrown = await client.fetchState({ instanceId: 'does-not-exist' }).catch((error) => error);
console.log(
  JSON.stringify({
    status: response.status,
    twoBuilds: importedClient.NotFoundError !== requiredClient.NotFoundError,
    caughtByTheOtherBuild: thrown instanceof importedClient.NotFoundError && thrown instanceof importedClient.JourneyClientError,
  }),
);
