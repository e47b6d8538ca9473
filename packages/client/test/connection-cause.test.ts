import { describe, expect, it } from 'vitest';
import { CLOSED_PORT } from '../../../test/support/closed-port.js';
import {
  ConnectionError,
  clientCredentials,
  createJourneyClient,
  JourneyClientError,
  type JourneyClientOptions,
  staticToken,
  TokenEndpointError,
} from '../src/index.js';
import { DATA_CHECK_V2, DEMO_CREDENTIALS, FAST_RETRY, loopbackV2Client, simulator, startDataCheck } from './simulator.js';

const STATE = '*/journey/state/fetch';
const START = '*/journey/start';

/** Codes a dropped connection is reported with, by undici or by Node's socket. */
const RESET_CODES = ['UND_ERR_SOCKET', 'ECONNRESET'];

/** The docs' promise: the network error is `cause` itself, so `error.cause.code` names it. */
function expectNetworkCause(error: unknown, codes: readonly string[]): void {
  const { cause } = error as Error;
  expect(cause).toBeInstanceOf(Error);
  expect(codes).toContain((cause as { code?: unknown }).code);
  expect(cause).not.toBeInstanceOf(TypeError);
  expect(cause).not.toBeInstanceOf(JourneyClientError);
}

describe('ConnectionError.cause is the network error', () => {
  it('on a read whose retries all met a reset connection', async () => {
    const sim = await simulator();
    const client = await loopbackV2Client(sim);
    const { instanceId } = await startDataCheck(client);
    sim.core.faults.add({ path: STATE, reset: true });

    const error = await client.fetchState({ instanceId }).catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(ConnectionError);
    expect(sim.core.journal.list({ path: STATE }).map((entry) => entry.status)).toEqual([0, 0, 0]);
    expectNetworkCause(error, RESET_CODES);
  });

  it('on a start, which has its first attempt only', async () => {
    const sim = await simulator();
    const client = await loopbackV2Client(sim);
    sim.core.faults.add({ path: START, reset: true, count: 1 });

    const error = await client
      .startJourney({ resourceId: DATA_CHECK_V2, context: { config: { delivery: 'api' }, subject: {} } })
      .catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(ConnectionError);
    expectNetworkCause(error, RESET_CODES);
  });

  it.each<[string, Partial<JourneyClientOptions>]>([
    ['after the retries, over undici', {}],
    ['after the retries, through a fetch of the caller', { fetch: globalThis.fetch }],
    ['on the only attempt, through a fetch of the caller', { fetch: globalThis.fetch, retry: { limit: 0 } }],
  ])('on a refused connection %s', async (_, options) => {
    const client = createJourneyClient({
      baseUrl: `http://127.0.0.1:${CLOSED_PORT}/eu/v2/captain/`,
      auth: staticToken('t'),
      retry: FAST_RETRY,
      ...options,
    });

    const error = await client.fetchState({ instanceId: 'a'.repeat(32) }).catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(ConnectionError);
    expectNetworkCause(error, ['ECONNREFUSED']);
  });
});

describe('an unreachable token endpoint', () => {
  it('is a TokenEndpointError whose cause is the network error, tagged with its request once', async () => {
    const client = createJourneyClient({
      baseUrl: `http://127.0.0.1:${CLOSED_PORT}/eu/v2/captain/`,
      auth: clientCredentials(DEMO_CREDENTIALS),
      retry: FAST_RETRY,
    });

    const error = (await client.fetchState({ instanceId: 'a'.repeat(32) }).catch((caught: unknown) => caught)) as TokenEndpointError;

    expect(error).toBeInstanceOf(TokenEndpointError);
    expect(error.status).toBeUndefined();
    expectNetworkCause(error, ['ECONNREFUSED']);
    expect(error.message).toBe(`token endpoint: connection failed [request ${error.requestId}]`);
  });
});
