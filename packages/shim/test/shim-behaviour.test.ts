import { createV1Client, staticToken, type V1Api } from '@journey-bridge/client';
import type { Region } from '@journey-bridge/contract';
import { createSimulator } from '@journey-bridge/simulator';
import pino from 'pino';
import { afterAll } from 'vitest';
import { journeyMapOf, journeys } from '../../adapter/test/targets.js';
import { describeV1Behaviour } from '../../adapter/test/v1-behaviour-suite.js';
import { resolveConfig } from '../src/config.js';
import { createShimHandler } from '../src/shim-handler.js';
import { journeyMapFile, removeTempDirs, type ShimCli, serveArgs, startShimCli } from './shim-cli.js';

// One simulator in this process; per region, one `journey-bridge serve` started by its CLI's main and one shim handler in front of it.
const sim = createSimulator({ journeys, clock: { manual: true } });
const upstream = await sim.listen();
const mapFile = await journeyMapFile({ journeys: journeyMapOf(journeys) });
const upstreamFor = (region: Region) => `${upstream.url}/${region}/v2/captain/`;
const shimFor = (region: Region) => startShimCli(serveArgs(upstreamFor(region), mapFile, '--log-level', 'warn'));
const shims: Record<'eu' | 'us', ShimCli> = { eu: await shimFor('eu'), us: await shimFor('us') };
const handlerFor = async (region: Region) =>
  createShimHandler({
    config: await resolveConfig({ upstream: upstreamFor(region), journeyMap: mapFile }, {}),
    logger: pino({ level: 'silent' }),
  });
const handlers = { eu: await handlerFor('eu'), us: await handlerFor('us') };
afterAll(async () => {
  await Promise.all(Object.values(shims).map((shim) => shim.stop()));
  await upstream.close();
  await removeTempDirs();
});

/** The suite on the v2 surface, its v1 calls made by the client `clientFor` builds for a region and a token. */
const onV2Surface = (clientFor: (region: 'eu' | 'us', token: string) => V1Api) => () => {
  sim.core.reset();
  const token = sim.issueToken();
  return { surface: 'v2' as const, sim, api: (region: Region = 'eu', as = token) => clientFor(region as 'eu' | 'us', as) };
};

describeV1Behaviour(
  'plain HTTP v1 calls to the journey-bridge serve shim (started by its CLI) on the v2 surface',
  onV2Surface((region, token) =>
    createV1Client({ baseUrl: `${shims[region].url}/captain/api/`, auth: staticToken(token), retry: { limit: 0 } }),
  ),
);

// Other servers can run the shim as one fetch-style handler; its v1 path reads the body from a fetch Request.
describeV1Behaviour(
  "v1 calls through the shim's fetch-style handle, in-process, on the v2 surface",
  onV2Surface((region, token) =>
    createV1Client({
      baseUrl: 'http://journey-bridge.test/captain/api/',
      auth: staticToken(token),
      retry: { limit: 0 },
      fetch: (input, init) => handlers[region].handle(new Request(input, init)),
    }),
  ),
);
