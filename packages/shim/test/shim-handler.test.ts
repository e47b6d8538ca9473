import { createV1Client, staticToken } from '@journey-bridge/client';
import type { Region } from '@journey-bridge/contract';
import { createSimulator } from '@journey-bridge/simulator';
import pino from 'pino';
import { afterAll } from 'vitest';
import { journeyMap, journeys, variantIds } from '../../adapter/test/targets.js';
import { describeV1Behaviour } from '../../adapter/test/v1-behaviour-suite.js';
import { resolveConfig } from '../src/config.js';
import { createShimHandler } from '../src/shim-handler.js';
import { journeyMapFile, removeTempDirs } from './shim-process.js';

// `journey-bridge serve` answers v1 paths on node:http without a fetch Request; `handle`, the fetch-style whole
// of the shim for other servers, has its own v1 path: the same behaviour suite, in-process through it.
const sim = createSimulator({ journeys, clock: { manual: true } });
const upstream = await sim.listen();
const mapFile = await journeyMapFile({ journeys: journeyMap, variantIds });
afterAll(async () => {
  await upstream.close();
  await removeTempDirs();
});

const handlerFor = async (region: Region) => {
  const config = await resolveConfig({ upstream: `${upstream.url}/${region}/v2/captain/`, journeyMap: mapFile }, {});
  return createShimHandler({ config, logger: pino({ level: 'silent' }) });
};
const handlers = { eu: await handlerFor('eu'), us: await handlerFor('us') };

describeV1Behaviour("v1 calls through the shim's fetch-style handle, in-process, on the v2 surface", () => {
  sim.core.reset();
  const token = sim.issueToken();
  return {
    surface: 'v2',
    sim,
    api: (region: Region = 'eu', as = token) =>
      createV1Client({
        baseUrl: 'http://journey-bridge.test/captain/api/',
        auth: staticToken(as),
        retry: { limit: 0 },
        fetch: (input, init) => handlers[region as 'eu' | 'us'].handle(new Request(input, init)),
      }),
  };
});
