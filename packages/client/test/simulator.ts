import { bundledJourneysDir, createSimulator, loadJourneys, type Simulator, type SimulatorOptions } from '@journey-bridge/simulator';
import { onTestFinished } from 'vitest';
import {
  clientCredentials,
  createDispatcher,
  createJourneyClient,
  createV1Client,
  type JourneyClient,
  type JourneyClientOptions,
  type RetryOptions,
  type V1Client,
} from '../src/index.js';

export const JOURNEYS = bundledJourneysDir;

/** In-process requests go to this made-up origin; the simulator reads the region from the path. */
export const SIM_ORIGIN = 'http://sim.test';
export const V2_BASE = `${SIM_ORIGIN}/eu/v2/captain/`;
export const V1_BASE = `${SIM_ORIGIN}/eu/captain/api/`;

export const DATA_CHECK_V2 = 'b2e8d4a1data-check-v2@latest';
export const DATA_CHECK_V1 = 'a1d7c3f0data-check-v1@latest';

/** Retries without waiting, so fault tests run in milliseconds. */
export const FAST_RETRY: RetryOptions = { baseDelayMs: 1, maxDelayMs: 5, jitter: false };

export const DEMO_CREDENTIALS = { clientId: 'demo-client', clientSecret: 'demo-secret' };

/** A simulator on a manual clock: module latency and token expiry move only when a test advances time. */
export async function simulator(options: Partial<SimulatorOptions> = {}): Promise<Simulator> {
  return createSimulator({ journeys: await loadJourneys(JOURNEYS), clock: { manual: true }, seed: 7, ...options });
}

/** What both test clients share: `sim` in-process, client credentials, fast retries, the simulator's clock. */
const inProcess = (sim: Simulator) => ({
  auth: clientCredentials(DEMO_CREDENTIALS),
  fetch: sim.fetch,
  retry: FAST_RETRY,
  now: () => sim.core.clock.now(),
});

/** A v2 client that talks to `sim` in-process with client credentials and fast retries. */
export function v2Client(sim: Simulator, options: Partial<JourneyClientOptions> = {}): JourneyClient {
  return createJourneyClient({ baseUrl: V2_BASE, ...inProcess(sim), ...options });
}

/**
 * A v2 client that reaches `sim` over a real loopback socket through the undici transport, with a pool of its
 * own, so a reset is a real dropped connection and a timeout cuts a real request. The pool and the server close
 * when the test ends: the pool first, as undici may have opened a spare connection after an abort, which the
 * server would wait for until it idles out.
 */
export async function loopbackV2Client(sim: Simulator, options: Partial<JourneyClientOptions> = {}): Promise<JourneyClient> {
  const server = await sim.listen();
  const dispatcher = createDispatcher();
  onTestFinished(async () => {
    await dispatcher.destroy();
    await server.close();
  });
  return createJourneyClient({
    baseUrl: `${server.url}/eu/v2/captain/`,
    auth: clientCredentials(DEMO_CREDENTIALS),
    retry: FAST_RETRY,
    dispatcher,
    ...options,
  });
}

/** The same for the v1 endpoints. */
export function v1Client(sim: Simulator, options: Partial<JourneyClientOptions> = {}): V1Client {
  return createV1Client({ baseUrl: V1_BASE, ...inProcess(sim), ...options });
}

export const PERSON = {
  identity: { firstName: 'Ada', lastNames: ['Lovelace'], dateOfBirth: '1985-12-10' },
};

/** Starts a data-check journey with nothing prefilled. */
export const startDataCheck = (client: JourneyClient) =>
  client.startJourney({ resourceId: DATA_CHECK_V2, context: { config: { delivery: 'api' }, subject: {} } });

export const countRequests = (sim: Simulator, path: string, status?: number) =>
  sim.core.journal.count({ path, ...(status === undefined ? {} : { status }) });
