import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { createSimulator } from '@journey-bridge/simulator';
import { afterAll, describe, expect, it } from 'vitest';
import { journeyMap, journeys, variantIds } from '../../adapter/test/targets.js';
import { journeyMapFile, removeTempDirs, serveArgs, startShimCli } from './shim-cli.js';

const APPS = fileURLToPath(new URL('../../../test-fixtures/legacy-apps/', import.meta.url));

// Virtual time ×100: the data check's 1.2 s of modules pass in 12 ms, so the apps' polling ends quickly.
const sim = createSimulator({ journeys, clock: { scale: 100 } });
const platform = await sim.listen();
const shim = await startShimCli(
  serveArgs(`${platform.url}/eu/v2/captain/`, await journeyMapFile({ journeys: journeyMap, variantIds }), '--log-level', 'warn'),
);
afterAll(async () => {
  await shim.stop();
  await platform.close();
  await removeTempDirs();
});

const LEGACY_APPS = [
  { name: 'TypeScript service on fetch', command: [process.execPath, '--import', 'tsx', `${APPS}fetch-service/main.ts`] },
  { name: 'CommonJS module on axios', command: [process.execPath, `${APPS}axios-cjs/index.cjs`] },
  { name: 'Python script on urllib', command: ['python3', `${APPS}python-urllib/verify.py`] },
  // Its draft route's Save carries every required element: on v2 that completes the interaction, and its submit
  // route still finds the task by listing the tasks, as on v1.
  { name: 'web backend whose submit route finds the draft’s task again', command: [process.execPath, `${APPS}draft-routes/main.cjs`] },
];

async function runApp(command: string[], v1BaseUrl: string): Promise<{ instanceId: string; status: string; decision: string }> {
  const [program = '', ...args] = command;
  const child = spawn(program, args, {
    env: {
      ...process.env,
      JOURNEY_V1_BASE_URL: v1BaseUrl,
      JOURNEY_TOKEN_URL: `${platform.url}/as/token.oauth2`,
      JOURNEY_CLIENT_ID: 'demo-client',
      JOURNEY_CLIENT_SECRET: 'demo-secret',
      JOURNEY_POLL_MS: '20',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const [code] = await once(child, 'exit');
  if (code !== 0) throw new Error(`${command.join(' ')} exited with ${code}: ${stderr}`);
  return JSON.parse(stdout.trim().split('\n').at(-1) ?? '');
}

describe('legacy v1 apps, unchanged but for the base URL', () => {
  it.each(LEGACY_APPS)('$name reaches the same outcome through the shim on v2 as on v1', async ({ command }) => {
    const onV1 = await runApp(command, `${platform.url}/eu/captain/api/`);
    expect(onV1).toMatchObject({ status: 'Completed', decision: 'Decision: Pass' });
    const before = sim.core.journal.count({ path: '/eu/v2/captain/*' });
    const onV2 = await runApp(command, `${shim.url}/captain/api/`);
    expect(onV2).toMatchObject({ status: onV1.status, decision: onV1.decision });
    // It really ran on v2: the journey's instance is a v2 one, and v2 endpoints were called for it.
    expect(sim.core.engine.get(onV2.instanceId)?.version).toBe('v2');
    expect(sim.core.journal.count({ path: '/eu/v2/captain/*' })).toBeGreaterThan(before);
  });
});
