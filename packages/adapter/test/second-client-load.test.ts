import type * as Client from '@journey-bridge/client';
import { createSimulator } from '@journey-bridge/simulator';
import { describe, expect, it, vi } from 'vitest';
import { createV1Adapter, createV1HttpHandler } from '../src/index.js';
import { journeyMap, journeys } from './targets.js';

// The adapter was loaded with its own client above; the app builds its client from a second load of the package
// (the other build, ES module or CommonJS, or a second copy), whose error classes are not the adapter's.
vi.resetModules();
const client: typeof Client = await import('@journey-bridge/client');

const sim = createSimulator({ journeys, clock: { manual: true } });
const token = sim.issueToken();

/** The adapter's v1 handler over a client of the second load that sends through `fetch`. */
const handlerOver = (fetch: typeof globalThis.fetch) =>
  createV1HttpHandler({
    adapter: createV1Adapter({
      client: client.createJourneyClient({
        baseUrl: 'http://sim.test/eu/v2/captain/',
        auth: client.staticToken(token),
        fetch,
        timeoutMs: 50,
        retry: { limit: 0 },
      }),
      journeyMap,
    }),
  });

const fetchState = (instanceId: string) =>
  new Request('http://shim.test/captain/api/journey/state/fetch', {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ instanceId }),
  });

describe('the v1 handler over a client from another load of the package', () => {
  it('answers 404 for an unknown instance, as over its own', async () => {
    const response = await handlerOver(sim.fetch)(fetchState('does-not-exist'));
    expect(response.status).toBe(404);
  });

  it('answers 504 when the upstream does not answer in time', async () => {
    const silent: typeof globalThis.fetch = (_input, init) =>
      new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)));
    const response = await handlerOver(silent)(fetchState('does-not-exist'));
    expect(response.status).toBe(504);
  });
});
