import { execFile } from 'node:child_process';
import { cp, mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createSimulator, loadJourneys, type RunningSimulator, type Simulator } from '@journey-bridge/simulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Report } from '../src/index.js';
import { runCli } from './run-cli.js';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const appsDir = join(repoRoot, 'test-fixtures/legacy-apps');
const tsx = pathToFileURL(createRequire(`${repoRoot}package.json`).resolve('tsx')).href;

/** Each app, its entry, and the outcome it reaches on v1 (the migrated app must reach the same). */
const APPS = [
  { name: 'fetch-constants', main: 'main.ts', expected: { status: 'Completed', outcomes: ['Match', 'Match'] } },
  { name: 'axios-commonjs', main: 'main.cjs', expected: { status: 'Completed', outcomes: ['Match', 'Match'] } },
  { name: 'ky-class', main: 'main.ts', expected: ['screening Completed', 'screening failed'] },
  { name: 'v1api-app', main: 'main.ts', expected: [{ status: 'Completed' }, { status: 'Completed' }] },
] as const;

let simulator: Simulator;
let running: RunningSimulator;
let work: string;

/** Runs an app's entry as its own process against the simulator and returns the JSON it prints. */
function runApp(dir: string, main: string): Promise<unknown> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      ['--conditions=@journey-bridge/source', '--import', tsx, main],
      { cwd: dir, env: { ...process.env, JOURNEY_HOST: running.url } },
      (error, stdout, stderr) =>
        error ? reject(new Error(`${main} failed: ${stderr || error.message}`)) : resolve(JSON.parse(stdout.trim())),
    );
  });
}

const journalCount = (path: string) => simulator.core.journal.count({ path });

beforeAll(async () => {
  simulator = createSimulator({ journeys: await loadJourneys(join(repoRoot, 'test-fixtures/journeys')), clock: { scale: 1000 } });
  running = await simulator.listen();
  // Inside the package, so the apps resolve axios, ky and the workspace packages from its node_modules.
  const runs = fileURLToPath(new URL('../.legacy-apps-run/', import.meta.url));
  await mkdir(runs, { recursive: true });
  work = await mkdtemp(runs);
  await cp(appsDir, work, { recursive: true });
});

afterAll(async () => {
  await running?.close();
  await rm(work, { recursive: true, force: true });
});

describe.each(APPS)('legacy app $name', ({ name, main, expected }) => {
  it('reaches the same outcome on v2 after the CLI rewrote it as it did on v1', async () => {
    const dir = join(work, name);
    simulator.core.journal.clear();
    expect(await runApp(dir, main)).toEqual(expected);
    expect(journalCount('*/captain/api/*')).toBeGreaterThan(0);

    const cli = await runCli(['.', '--journey-map', '../journey-map.json', '--report', '../report.json'], dir);
    expect(cli.stderr).not.toContain('unsupported:');
    expect(cli.code).toBe(0);
    const report = JSON.parse(await readFile(join(work, 'report.json'), 'utf8')) as Report;
    expect(report.sites.filter((site) => site.status === 'unsupported')).toEqual([]);
    for (const file of await readdir(dir)) expect(await readFile(join(dir, file), 'utf8')).not.toContain('captain/api');

    simulator.core.journal.clear();
    expect(await runApp(dir, main)).toEqual(expected);
    expect(journalCount('*/captain/api/*')).toBe(0);
    expect(journalCount('*/v2/captain/*')).toBeGreaterThan(0);
  }, 60_000);
});
