import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { installV1Compat } from '@journey-bridge/adapter';
import type { JourneyMapEntryInput } from '@journey-bridge/contract';
import { createSimulator } from '@journey-bridge/simulator';
import { afterAll, describe, expect, it } from 'vitest';
import * as contextFlowCaller from '../../../test-fixtures/legacy-apps/context-flow-caller/index.js';
import * as ggoSyncCaller from '../../../test-fixtures/legacy-apps/ggo-sync-caller/index.js';
import * as suffixPostService from '../../../test-fixtures/legacy-apps/suffix-post-service/data-check.js';
import * as vendorCli from '../../../test-fixtures/legacy-apps/vendor-cli/index.js';
import { journeys } from '../../adapter/test/targets.js';
import { exitOf, journeyMapFile, removeTempDirs, serveArgs, startShimCli, tempDir } from './shim-cli.js';

// Virtual time ×100,000: a module's second passes in 10 µs, so a journey has decided before anyone polls it, and
// tokens last (virtually) long enough for the whole file. Outcomes depend on the subject alone.
const sim = createSimulator({ journeys, clock: { scale: 100_000 }, scopes: ['svc.token', 'openid'], tokenExpiresIn: 1e9 });
const platform = await sim.listen();
const V1_BASE = `${platform.url}/eu/captain/api/`;
const V2_BASE = `${platform.url}/eu/v2/captain/`;
const TOKEN_URL = `${platform.url}/as/token.oauth2`;
afterAll(async () => {
  await platform.close();
  await removeTempDirs();
});

const OUTCOMES = ['pass', 'reject', 'review', 'error'] as const;
type Outcome = (typeof OUTCOMES)[number];

const user = { tokenUrl: TOKEN_URL, username: 'demo-user', password: 'demo-password', pollIntervalMs: 5 };
/** The subject's last name steers the data checks: Nomatch → Reject, Review → Manual review, Outage → module error. */
const LAST_NAMES: Record<Outcome, string> = { pass: 'Lovelace', reject: 'Nomatch', review: 'Review', error: 'Outage' };
const person = (outcome: Outcome) => ({ firstName: 'Ada', lastName: LAST_NAMES[outcome], dateOfBirth: '1985-03-14' });
const image = (text: string) => Buffer.from(`${text} jpeg bytes`).toString('base64');
/** The decision wording of the journeys that speak the specification's dialect. */
const SPECIFICATION_WORDING = { Accept: 'Decision: Pass', Reject: 'Decision: Reject', 'Manual review': 'Decision: Manual review' };

interface LegacyApp {
  name: string;
  /** The journey the app runs, by the simulator's journey file id. */
  journey: string;
  run(v1BaseUrl: string, outcome: Outcome): Promise<{ instanceId: string; outcome: string }>;
  /** What `journey-bridge dialect` must find in this journey's saved v1 states. */
  dialect: Record<string, unknown>;
}

const APPS: LegacyApp[] = [
  {
    name: 'a. production caller: data.context.process.flow, no data.context while pending',
    journey: 'account-opening',
    run: (v1BaseUrl, outcome) => contextFlowCaller.run({ ...user, v1BaseUrl, subject: person(outcome) }),
    dialect: {
      layout: 'context.process',
      omitUntilDecided: true,
      decision: { key: 'decision', outcomes: SPECIFICATION_WORDING },
    },
  },
  {
    name: 'b. its earlier version: _ggo entries only, Pass 1+1, synchronous start',
    journey: 'dual-source-check',
    run: (v1BaseUrl, outcome) =>
      ggoSyncCaller.run({
        ...user,
        v1BaseUrl,
        subject: { ...person(outcome), address: { lines: ['12 Analytical Row'], locality: 'London', postalCode: 'N1 9GU', country: 'GB' } },
      }),
    dialect: {
      layout: 'context.process',
      omitUntilDecided: false,
      entryFields: { _ggo: {} },
      decision: { key: 'ggo-decision', outcomes: { ...SPECIFICATION_WORDING, Accept: 'Decision: Pass 1+1' } },
    },
  },
  {
    name: 'c. post(path, token, body) service with the production password grant',
    journey: 'data-check',
    run: (v1BaseUrl, outcome) => suffixPostService.run({ ...user, v1BaseUrl, subject: person(outcome) }),
    dialect: { layout: 'process', omitUntilDecided: false, decision: { key: 'decision', outcomes: SPECIFICATION_WORDING } },
  },
  {
    name: 'd. vendor CLI: journeyId, filter, context: ["process"], data, intent COMPLETE',
    journey: 'document-selfie',
    run: (v1BaseUrl, outcome) =>
      vendorCli.run({
        ...user,
        clientId: 'demo-client',
        clientSecret: 'demo-secret',
        v1BaseUrl,
        subject: {
          firstName: 'Ada',
          lastName: 'Lovelace',
          documentFront: image({ pass: 'FRONT', reject: 'TAMPERED', review: 'FRONT', error: 'OUTAGE' }[outcome]),
          selfie: image(outcome === 'review' ? 'BLURRY' : 'SELFIE'),
        },
      }),
    dialect: { layout: 'process', omitUntilDecided: false, decision: { key: 'decision', outcomes: SPECIFICATION_WORDING } },
  },
];

/** A v1 call to the simulator with a token of its own, as a team would save an answer for `journey-bridge dialect`. */
async function v1Call(path: string, body: unknown): Promise<Record<string, unknown>> {
  const response = await fetch(`${V1_BASE}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${sim.issueToken()}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.ok).toBe(true);
  return (await response.json()) as Record<string, unknown>;
}

async function saveState(instanceId: string, name: string): Promise<string> {
  const file = join(await tempDir(), `${name}.json`);
  await writeFile(file, JSON.stringify(await v1Call('journey/state/fetch', { instanceId })));
  return file;
}

/** Runs the app once per outcome, all at once; returns the instance ids after checking each outcome. */
async function runEveryOutcome(app: LegacyApp, v1BaseUrl: string): Promise<string[]> {
  const results = await Promise.all(OUTCOMES.map((outcome) => app.run(v1BaseUrl, outcome)));
  expect(results.map((result) => result.outcome)).toEqual(OUTCOMES);
  return results.map((result) => result.instanceId);
}

/** Requests of one instance that reached the simulator on each surface. */
const requestsOf = (instanceId: string) => ({
  v1: sim.core.journal.count({ path: '/eu/captain/api/*', instanceId }),
  v2: sim.core.journal.count({ path: '/eu/v2/captain/*', instanceId }),
});

/** It ran on v2: a v2 instance, served by v2 requests, and not one v1 request reached the platform for it. */
function expectRanOnV2(instanceIds: readonly string[]): void {
  for (const instanceId of instanceIds) {
    expect(sim.core.engine.get(instanceId)?.version).toBe('v2');
    const requests = requestsOf(instanceId);
    expect(requests.v1).toBe(0);
    expect(requests.v2).toBeGreaterThan(0);
  }
}

describe.each(APPS)('$name', (app) => {
  const journey = journeys.find((candidate) => candidate.id === app.journey);
  if (!journey) throw new Error(`no journey file ${app.journey}`);
  const v1Id = journey.resourceIds.v1.production;
  const v2Id = journey.resourceIds.v2.production;
  const savedStates: string[] = [];
  let journeyMap: Record<string, JourneyMapEntryInput> = {};

  it('runs green on the simulator’s v1 surface in its dialect: accept, reject, manual review, module error', async () => {
    const tokenRequests = sim.core.journal.count({ path: '/as/token.oauth2', status: 200 });
    const instanceIds = await runEveryOutcome(app, V1_BASE);
    for (const instanceId of instanceIds) expect(sim.core.engine.get(instanceId)?.version).toBe('v1');
    // Every token it asked for came from the password grant with scope=openid, which the simulator now grants.
    const tokens = sim.core.journal.list({ path: '/as/token.oauth2' }).slice(tokenRequests);
    expect(tokens.length).toBeGreaterThan(0);
    expect(tokens.every((entry) => entry.grantType === 'password' && entry.status === 200)).toBe(true);

    // What a team has at hand: a pending state (a journey waiting for its task) and the decided ones.
    const pending = await v1Call('journey/start', { resourceId: `${v1Id}@latest`, context: { config: { async: true }, subject: {} } });
    savedStates.push(await saveState(String(pending.instanceId), 'pending'));
    for (const [index, instanceId] of instanceIds.entries()) savedStates.push(await saveState(instanceId, OUTCOMES[index] ?? ''));
  });

  it('journey-bridge dialect derives its journey-map entry from the saved v1 states', async () => {
    const { code, stdout } = await exitOf(['dialect', ...savedStates.flatMap((file) => ['--state', file]), '--v1', v1Id, '--v2', v2Id]);
    expect(code).toBe(0);
    journeyMap = JSON.parse(stdout) as Record<string, JourneyMapEntryInput>;
    expect(Object.keys(journeyMap)).toEqual([v1Id]);
    expect(journeyMap[v1Id]).toMatchObject({ v2: v2Id, dialect: app.dialect });
  });

  it('runs unchanged but for the base URL through journey-bridge serve on v2, to the same outcomes', async () => {
    const shim = await startShimCli(serveArgs(V2_BASE, await journeyMapFile(journeyMap), '--log-level', 'warn'));
    try {
      expectRanOnV2(await runEveryOutcome(app, `${shim.url}/captain/api/`));
    } finally {
      await shim.stop();
    }
  });

  it('runs unchanged, base URL and all, through the fetch interceptor on v2, to the same outcomes', async () => {
    const uninstall = installV1Compat({ upstream: V2_BASE, journeyMap });
    try {
      expectRanOnV2(await runEveryOutcome(app, V1_BASE));
    } finally {
      uninstall();
    }
  });
});
