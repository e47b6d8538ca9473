import { cp, readdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { bundledJourneysDir, createSimulator, loadJourneys, type RunningSimulator, type Simulator } from '@journey-bridge/simulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Report } from '../src/index.js';
import { legacyRunDir } from './legacy-run-dir.js';
import { runCli } from './run-cli.js';
import { typeErrors } from './type-errors.js';

/**
 * A service whose journeys span its files (a client class over a `post(path, token, body)` wrapper with the v1
 * base in a table of settings, handlers that read the answers, a synchronous start, results in the live
 * `data.context.process.flow` layout filtered by entry, a back-office audit that reads what v2 does not have,
 * an OpenAPI example) runs on the simulator's v1 surface, is rewritten by the CLI, type-checked with its own
 * tsconfig, and run again in this process: the same outcomes, its journeys on v2, the audit still on v1.
 */
const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const app = join(repoRoot, 'test-fixtures/legacy-apps/account-service');

interface Outcome {
  accounts: string[];
  identities: { verdict: string; checks: string[] }[];
  audit: string;
  documented: number;
}

const APPLICANTS = [
  { firstName: 'Ada', lastName: 'Lovelace', dateOfBirth: '1985-12-10' },
  { firstName: 'Joan', lastName: 'Nomatch', dateOfBirth: '1990-01-01' },
  { firstName: 'Ken', lastName: 'Outage', dateOfBirth: '1970-01-01' },
];
const EXPECTED: Outcome = {
  accounts: ['pass', 'reject', 'error'],
  identities: [
    { verdict: 'pass', checks: ['Match', 'Match'] },
    { verdict: 'reject', checks: ['Match', 'No Match'] },
    { verdict: 'error', checks: [] },
  ],
  audit: 'InProgress',
  documented: 1,
};

let simulator: Simulator;
let running: RunningSimulator;
let work: string;
let v1: string;
let v2: string;
let auditedInstanceId: string;
const previousHost = process.env.JOURNEY_HOST;

/** Every `.ts` file of a directory, by path relative to it. */
async function sources(dir: string): Promise<Map<string, string>> {
  const names = (await readdir(dir, { recursive: true })).filter((name) => name.endsWith('.ts'));
  return new Map(await Promise.all(names.map(async (name) => [name, await readFile(join(dir, name), 'utf8')] as const)));
}

/** Runs the app's `run` in this process (a fresh copy per directory, so v1 and v2 never share a module). */
async function runApp(dir: string): Promise<Outcome> {
  const main = (await import(pathToFileURL(join(dir, 'main.ts')).href)) as { run(config: unknown): Promise<Outcome> };
  return main.run({ applicants: APPLICANTS, auditedInstanceId });
}

beforeAll(async () => {
  simulator = createSimulator({ journeys: await loadJourneys(bundledJourneysDir), clock: { scale: 1000 } });
  running = await simulator.listen();
  process.env.JOURNEY_HOST = running.url;
  work = await legacyRunDir();
  v1 = join(work, 'v1');
  v2 = join(work, 'v2');
  await cp(app, v1, { recursive: true });
  await cp(app, v2, { recursive: true });
  // A journey started on v1 before the service moved on, for the audit to read.
  const started = await fetch(`${running.url}/eu/captain/api/journey/start`, {
    method: 'POST',
    headers: { authorization: `Bearer ${simulator.issueToken()}`, 'content-type': 'application/json' },
    body: JSON.stringify({ resourceId: 'a1d7c3f0data-check-v1@latest', context: { config: { async: true }, subject: {} } }),
  });
  auditedInstanceId = ((await started.json()) as { instanceId: string }).instanceId;
});

afterAll(async () => {
  if (previousHost === undefined) delete process.env.JOURNEY_HOST;
  else process.env.JOURNEY_HOST = previousHost;
  await running?.close();
  await rm(work, { recursive: true, force: true });
});

describe('a service whose journeys span its files', () => {
  it('runs on v1 as written, and --check finds the v1 in every file of the flow, handlers included', async () => {
    simulator.core.journal.clear();
    expect(await runApp(v1)).toEqual(EXPECTED);
    expect(simulator.core.journal.count({ path: '*/v2/captain/*' })).toBe(0);
    const check = await runCli(['.', '--check', '--journey-map', 'journey-map.json'], v1);
    expect(check.code).toBe(1);
    for (const file of ['journey-api.ts', 'handlers/decision.ts', 'handlers/verify-identity.ts', 'reports.ts'])
      expect(check.stderr).toContain(`${file}:`);
  });

  let report: Report;
  it('is rewritten whole where a flow can move, and only marked where one cannot', async () => {
    const before = await sources(v2);
    const cli = await runCli(['.', '--journey-map', 'journey-map.json', '--report', '-', '--force'], v2);
    expect(cli.stderr).toContain('1 created (the helper module)');
    expect(cli.code).toBe(0);
    report = JSON.parse(cli.stdout) as Report;
    const decisions = report.flows.map((flow) => ({ decision: flow.decision, blockedBy: flow.blockedBy?.rule }));
    expect(decisions).toEqual(
      expect.arrayContaining([
        { decision: 'migrated', blockedBy: undefined },
        { decision: 'v1', blockedBy: 'response.state-metadata' },
      ]),
    );
    const migrated = report.flows.find((flow) => flow.decision === 'migrated');
    expect(migrated?.files).toEqual(
      expect.arrayContaining(['config.ts', 'http.ts', 'journey-api.ts', 'handlers/decision.ts', 'handlers/verify-identity.ts']),
    );
    expect(report.created).toEqual(['journey-v2.ts']);

    const after = await sources(v2);
    // Where nothing moved, nothing but markers changed.
    for (const file of ['reports.ts', 'openapi.ts']) {
      const unmarked = (after.get(file) ?? '')
        .split('\n')
        .filter((line) => !line.trim().startsWith('// journey-codemod:'))
        .join('\n');
      expect(unmarked).toBe(before.get(file));
      expect(after.get(file)).toContain('// journey-codemod: unsupported [');
    }
    for (const file of ['auth.ts', 'main.ts', 'handlers/applicant.ts', 'handlers/open-account.ts'])
      expect(after.get(file)).toBe(before.get(file));
    // The code of the migrated flow (its comments aside) keeps nothing of v1.
    const migratedCode = ['config.ts', 'http.ts', 'journey-api.ts', 'handlers/decision.ts', 'handlers/verify-identity.ts']
      .flatMap((file) => (after.get(file) ?? '').split('\n'))
      .filter((line) => !/^\s*(\/\/|\/\*|\*)/.test(line))
      .join('\n');
    expect(migratedCode).not.toMatch(/captain\/api|task\/|\.tasks\b(?!\()|data\.(context|process)|filterKeys|v1@/);
    expect(after.get('journey-api.ts')).toContain("waitUntilRun(post('start'");
    expect(after.get('journey-api.ts')).toContain("participantsFor(await post('interaction/fetch', this.token, { instanceId }), subject)");
  });

  it('type-checks with its own tsconfig', () => {
    expect(typeErrors(v2)).toEqual([]);
  });

  it('runs on v2 with the same outcomes, only the audit still on v1', async () => {
    simulator.core.journal.clear();
    expect(await runApp(v2)).toEqual(EXPECTED);
    expect(simulator.core.journal.count({ path: '*/captain/api/*' })).toBe(1);
    expect(simulator.core.journal.count({ path: '*/captain/api/journey/state/fetch' })).toBe(1);
    expect(simulator.core.journal.count({ path: '*/v2/captain/journey/interaction/submit' })).toBe(APPLICANTS.length);
  });

  it('a second run changes nothing, and --check passes: what stays v1 is marked', async () => {
    const again = await runCli(['.', '--journey-map', 'journey-map.json', '--force'], v2);
    expect(again.stderr).toContain('0 changed');
    const check = await runCli(['.', '--check', '--journey-map', 'journey-map.json'], v2);
    expect(check.stderr).not.toContain('unmarked');
    expect(check.code).toBe(0);
  });
});
