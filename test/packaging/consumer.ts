// Type-checked as an ES module (.mts) and as CommonJS (.cts) against the installed packages' declarations.
import { createMemorySaveStore, createV1Adapter, createV1CompatFetch, type SaveStore, SaveStoreError } from '@journey-bridge/adapter';
import { clientCredentials, createJourneyClient, JourneyApiError, type JourneyClient } from '@journey-bridge/client';
import { runCodemod } from '@journey-bridge/codemod';
import transform from '@journey-bridge/codemod/jscodeshift-transform';
import { resultOf } from '@journey-bridge/contract';
import { createCutover, createRedisSaveStore, type RedisSaveStore, StoreCommandError } from '@journey-bridge/cutover';
import { resolveConfig, startShim } from '@journey-bridge/shim';
import { bundledJourneysDir, createSimulator, loadJourneys } from '@journey-bridge/simulator';

/** The cutover's Redis save store is one the adapter takes: the two packages' declarations agree. */
const sharedSaveStore = (store: RedisSaveStore): SaveStore => store;

export async function consume(): Promise<string> {
  const simulator = createSimulator({ journeys: await loadJourneys(bundledJourneysDir) });
  const client: JourneyClient = createJourneyClient({
    baseUrl: 'http://127.0.0.1:4010/eu/v2/captain/',
    auth: clientCredentials({ clientId: 'demo-client', clientSecret: 'demo-secret' }),
    fetch: simulator.fetch,
  });
  const adapter = createV1Adapter({ client, journeyMap: { a1d7c3f0: 'b2e8d4a1' }, saveStore: createMemorySaveStore() });
  const state = await client.fetchState({ instanceId: 'instance' });
  const failed = new Error('x') instanceof JourneyApiError;
  return [
    typeof createV1CompatFetch,
    typeof adapter,
    resultOf(state)?.status,
    failed,
    typeof runCodemod,
    typeof transform,
    typeof createCutover,
    typeof createRedisSaveStore,
    typeof sharedSaveStore,
    new Error('x') instanceof SaveStoreError || new Error('x') instanceof StoreCommandError,
    typeof resolveConfig,
    typeof startShim,
  ].join();
}
