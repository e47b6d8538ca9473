import { createV1Client, staticToken } from '@journey-bridge/client';
import type { Region } from '@journey-bridge/contract';
import { createSimulator } from '@journey-bridge/simulator';
import { afterAll } from 'vitest';
import { journeyMap, journeys, variantIds } from '../../adapter/test/targets.js';
import { describeV1Behaviour } from '../../adapter/test/v1-behaviour-suite.js';
import { journeyMapFile, removeTempDirs, type ShimProcess, startShimProcess } from './shim-process.js';

// One simulator in this process, and one shim child process per region in front of it.
const sim = createSimulator({ journeys, clock: { manual: true } });
const upstream = await sim.listen();
const mapFile = await journeyMapFile({ journeys: journeyMap, variantIds });
const shims: Record<'eu' | 'us', ShimProcess> = {
  eu: await startShimProcess([
    'serve',
    '--upstream',
    `${upstream.url}/eu/v2/captain/`,
    '--journey-map',
    mapFile,
    '--port',
    '0',
    '--log-level',
    'warn',
  ]),
  us: await startShimProcess([
    'serve',
    '--upstream',
    `${upstream.url}/us/v2/captain/`,
    '--journey-map',
    mapFile,
    '--port',
    '0',
    '--log-level',
    'warn',
  ]),
};
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
