import { cp, readdir, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { bundledJourneysDir, createSimulator, loadJourneys, type RunningSimulator, type Simulator } from '@journey-bridge/simulator';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Report } from '../src/index.js';
import { legacyRunDir } from './legacy-run-dir.js';
import { runCli } from './run-cli.js';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const appsDir = join(repoRoot, 'test-fixtures/legacy-apps');
const requireApp = createRequire(import.meta.url);

/** Each app, its entry, and the outcome it reaches on v1 (the migrated app must reach the same). */
const APPS = [
  { name: 'fetch-constants', main: 'main.ts', expected: { status: 'Completed', outcomes: ['Match', 'Match'] } },
  { name: 'axios-commonjs', main: 'main.cjs', expected: { status: 'Completed', outcomes: ['Match', 'Match'] } },
  { name: 'ky-class', main: 'main.ts', expected: ['screening Completed', 'screening failed'] },
  // The update's interaction fetch is inserted the way the update is made: `.json<V2Interaction>()` on got's promise.
  { name: 'got-class', main: 'main.ts', expected: { tasksDone: 1, status: 'Completed' } },
  // Through a function handing back got's promise (parsed by `.json<V2Interaction>()`), its start `resolveBodyOnly`.
  { name: 'got-wrapper', main: 'main.ts', expected: { tasksDone: 1, status: 'Completed' } },
  // Through a got instance whose options make every call answer the parsed body.
  { name: 'got-extend', main: 'main.ts', expected: { tasksDone: 1, status: 'Completed' } },
  // fraud-screen fails as `Error` on v2: the status lists and the constant the codemod rewrote must take it.
  { name: 'status-lists', main: 'main.ts', expected: ['screened', 'failed'] },
  { name: 'v1api-app', main: 'main.ts', expected: [{ status: 'Completed' }, { status: 'Completed' }] },
  {
    name: 'until-done-loop',
    main: 'main.mjs',
    expected: [
      { status: 'Completed', verdict: 'approve', tasksDone: 1 },
      { status: 'Completed', verdict: 'decline', tasksDone: 1 },
      { status: 'Completed', verdict: 'approve', tasksDone: 2 },
    ],
  },
] as const;

let simulator: Simulator;
let running: RunningSimulator;
let work: string;
const previousHost = process.env.JOURNEY_HOST;

/**
 * Runs an app's entry in this process against the simulator and returns the JSON it prints. Each run loads its
 * own copy of the app (v1 and v2 live in separate directories), so no module is shared between the two runs.
 */
async function runApp(dir: string, main: string): Promise<unknown> {
  let resolve!: (value: unknown) => void;
  let reject!: (reason: Error) => void;
  const promise = new Promise<unknown>((settle, fail) => {
    resolve = settle;
    reject = fail;
  });
  const log = vi.spyOn(console, 'log').mockImplementation((text: string) => resolve(JSON.parse(text)));
  const error = vi.spyOn(console, 'error').mockImplementation((text: string) => reject(new Error(`${main} failed: ${text}`)));
  try {
    const entry = join(dir, main);
    if (main.endsWith('.cjs')) requireApp(entry);
    else await import(pathToFileURL(entry).href);
    return await promise;
  } finally {
    log.mockRestore();
    error.mockRestore();
  }
}

const journalCount = (path: string) => simulator.core.journal.count({ path });

beforeAll(async () => {
  simulator = createSimulator({ journeys: await loadJourneys(bundledJourneysDir), clock: { scale: 1000 } });
  running = await simulator.listen();
  process.env.JOURNEY_HOST = running.url;
  work = await legacyRunDir();
  await cp(appsDir, join(work, 'v1'), { recursive: true });
  await cp(appsDir, join(work, 'v2'), { recursive: true });
});

afterAll(async () => {
  if (previousHost === undefined) delete process.env.JOURNEY_HOST;
  else process.env.JOURNEY_HOST = previousHost;
  await running?.close();
  await rm(work, { recursive: true, force: true });
});

describe.each(APPS)('legacy app $name', ({ name, main, expected }) => {
  it('reaches the same outcome on v2 after the CLI rewrote it as it did on v1', async () => {
    const dir = join(work, 'v2', name);
    simulator.core.journal.clear();
    expect(await runApp(join(work, 'v1', name), main)).toEqual(expected);
    expect(journalCount('*/captain/api/*')).toBeGreaterThan(0);

    const cli = await runCli(['.', '--journey-map', '../journey-map.json', '--report', '../report.json', '--force'], dir);
    expect(cli.stderr).not.toContain('unsupported:');
    expect(cli.code).toBe(0);
    const report = JSON.parse(await readFile(join(work, 'v2', 'report.json'), 'utf8')) as Report;
    expect(report.sites.filter((site) => site.status === 'unsupported')).toEqual([]);
    for (const file of await readdir(dir)) expect(await readFile(join(dir, file), 'utf8')).not.toContain('captain/api');

    simulator.core.journal.clear();
    expect(await runApp(dir, main)).toEqual(expected);
    expect(journalCount('*/captain/api/*')).toBe(0);
    expect(journalCount('*/v2/captain/*')).toBeGreaterThan(0);
  }, 60_000);
});
