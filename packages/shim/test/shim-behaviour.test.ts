import { createV1Client, staticToken } from '@journey-bridge/client';
import type { Region } from '@journey-bridge/contract';
import { createSimulator } from '@journey-bridge/simulator';
import { afterAll } from 'vitest';
import { journeyMap, journeys, variantIds } from '../../adapter/test/targets.js';
import { describeV1Behaviour } from '../../adapter/test/v1-behaviour-suite.js';
import { journeyMapFile, removeTempDirs, type ShimProcess, serveArgs, startShimProcess } from './shim-process.js';

// One simulator in this process, and one shim child process per region in front of it.
const sim = createSimulator({ journeys, clock: { manual: true } });
const upstream = await sim.listen();
const mapFile = await journeyMapFile({ journeys: journeyMap, variantIds });
const shimFor = (region: Region) => startShimProcess(serveArgs(`${upstream.url}/${region}/v2/captain/`, mapFile, '--log-level', 'warn'));
const shims: Record<'eu' | 'us', ShimProcess> = { eu: await shimFor('eu'), us: await shimFor('us') };
afterAll(async () => {
  await Promise.all(Object.values(shims).map((shim) => shim.stop()));
  await upstream.close();
  await removeTempDirs();
});

describeV1Behaviour('plain HTTP v1 calls to the journey-bridge serve shim (a child process) on the v2 surface', () => {
  sim.core.reset();
  const token = sim.issueToken();
  return {
    surface: 'v2',
    sim,
    api: (region: Region = 'eu', as = token) =>
      createV1Client({ baseUrl: `${shims[region as 'eu' | 'us'].url}/captain/api/`, auth: staticToken(as), retry: { limit: 0 } }),
  };
});
