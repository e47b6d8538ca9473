import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createSimulator, type RunningSimulator, type Simulator } from '@journey-bridge/simulator';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { configuredFlowKeys, journeyNamed, subjectsFor } from '../../cutover/test/paired-runs.js';
import { main } from '../src/cli.js';
import { removeTempDirs, startShimCli, tempDir } from './shim-cli.js';

const dataCheck = journeyNamed('data-check');
const V1 = dataCheck.resourceIds.v1.production;

let sim: Simulator;
let platform: RunningSimulator;
let token: string;
beforeAll(async () => {
  sim = createSimulator({ journeys: [dataCheck], clock: { scale: 200 } });
  platform = await sim.listen();
  token = sim.issueToken();
});
afterAll(async () => {
  await platform.close();
  await removeTempDirs();
});

async function v1Call(url: string, path: string, body: unknown): Promise<Record<string, unknown>> {
  const response = await fetch(`${url}/captain/api/journey/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  return (await response.json()) as Record<string, unknown>;
}

/** Runs every data-check subject through `journey-bridge serve --cutover` with `file` added, and answers the record lines. */
async function shadowRun(file: Record<string, unknown>): Promise<{ records: string; lines: string[]; runs: number }> {
  const dir = await tempDir();
  const records = join(dir, 'pairs.jsonl');
  const cutover = join(dir, 'cutover.json');
  await writeFile(
    cutover,
    JSON.stringify({
      v1Upstream: `${platform.url}/eu/captain/api/`,
      mappings: [{ v1: V1, v2: dataCheck.resourceIds.v2.production, stage: { kind: 'shadow', sample: 1 } }],
      // On the shim's own thread: the shadow thread is covered by cutover.test.ts and costs a second of CPU to start.
      shadow: { pollIntervalMs: 10, timeoutMs: 20_000, thread: false },
      records,
      ...file,
    }),
  );
  // No --variant-ids: the adapter keys v2 modules by their step nodeIds, as before anyone knew the mapping.
  const shim = await startShimCli([
    'serve',
    '--upstream',
    `${platform.url}/eu/v2/captain/`,
    '--cutover',
    cutover,
    '--port',
    '0',
    '--log-level',
    'silent',
  ]);
  const subjects = subjectsFor(dataCheck, sim.core.clock.now());
  for (const subject of subjects) {
    const { instanceId } = await v1Call(shim.url, 'start', { resourceId: `${V1}@latest`, context: { config: { async: true }, subject } });
    await vi.waitFor(async () => expect((await v1Call(shim.url, 'state/fetch', { instanceId })).status).not.toBe('InProgress'), {
      timeout: 10_000,
      interval: 10,
    });
  }
  const lines = async () => (await readFile(records, 'utf8').catch(() => '')).split('\n').filter((line) => line !== '');
  await vi.waitFor(async () => expect(await lines()).toHaveLength(subjects.length), { timeout: 15_000, interval: 20 });
  await shim.stop();
  return { records, lines: await lines(), runs: subjects.length };
}

/** `journey-bridge compare …` in this process. */
async function compare(...argv: string[]) {
  let stdout = '';
  let stderr = '';
  const io = { stdout: { write: (text: string) => (stdout += text) }, stderr: { write: (text: string) => (stderr += text) } };
  const code = await main(['compare', ...argv], io);
  return { code, stdout, stderr };
}

describe('a shim in shadow, before the flow keys are known', () => {
  it('records both outcomes with recordOutcomes, and journey-bridge compare --learn prints the configured flow keys', async () => {
    const { records, lines, runs } = await shadowRun({ recordOutcomes: true });
    // Unmapped, every pair differs by its module keys alone; with the learned keys it would not.
    expect(lines.map((line) => JSON.parse(line).result)).toEqual(Array(runs).fill('mismatch'));
    const { code, stdout, stderr } = await compare(records, '--learn');
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toEqual({ [V1]: { dialect: { flowKeys: configuredFlowKeys(dataCheck) } } });
    expect(stderr).toContain(`${V1}: ${runs} paired journeys`);
  });

  it('calibrates: with calibration the shadow runs the v1 publication again, and the report finds no difference', async () => {
    const { records, lines, runs } = await shadowRun({ calibration: true });
    expect(lines.map((line) => JSON.parse(line).result)).toEqual(Array(runs).fill('match'));
    const { code, stdout } = await compare(records);
    expect(code).toBe(0);
    expect(stdout).toContain('No mismatching fields.');
  });
});
