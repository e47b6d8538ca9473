import { readdir } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { createSimulator, loadJourneys } from '../../src/index.js';
import { JOURNEYS_DIR } from '../harness.js';
import { BUNDLED, OUTCOMES, type Outcome } from './end-users.js';
import { runSampleJourney, SampleLiveClient } from './sample-backend.js';
import { SdkClient } from './sdk-client.js';
import { completeWithSdk } from './sdk-journey.js';

const journeys = await loadJourneys(JOURNEYS_DIR);
const ORIGIN = 'http://sim.test';

/** A simulator whose clock moves only when a client waits: half a second of virtual time per poll. */
function simulator() {
  const sim = createSimulator({ journeys, clock: { manual: true } });
  const wait = async () => sim.core.clock.advance(500);
  return { sim, wait };
}

const CASES = Object.entries(BUNDLED).flatMap(([journey, { resourceId, region, users }]) =>
  OUTCOMES.map((outcome) => ({ journey, outcome, resourceId, region, user: users[outcome] })),
);

const CLASSIFICATION: Readonly<Record<Exclude<Outcome, 'module error'>, string>> = {
  accept: 'positive',
  reject: 'negative',
  'manual review': 'neutral',
};
const SAMPLE_DECISION = { accept: 'pass', reject: 'fail', 'manual review': 'refer', 'module error': 'fail' } as const;

describe('the bundled journeys', () => {
  it('each have an end user for accept, reject, manual review and a module error', async () => {
    const files = (await readdir(JOURNEYS_DIR)).filter((name) => name.endsWith('.json')).map((name) => name.replace(/\.json$/, ''));
    expect(Object.keys(BUNDLED).sort()).toEqual(files.sort());
  });
});

describe('a client in the style of the vendor’s SDK (Keycloak password grant, strictly validated answers)', () => {
  it.each(CASES)('completes $journey for $outcome', async ({ resourceId, region, outcome, user }) => {
    const { sim, wait } = simulator();
    const sdk = new SdkClient({
      regionUrl: `${ORIGIN}/${region}`,
      authUrl: ORIGIN,
      username: 'demo-user',
      password: 'demo-password',
      clientId: 'demo-client',
      fetch: sim.fetch,
    });
    await sdk.authenticate();
    const { instanceId, state } = await completeWithSdk(sdk, resourceId, user, wait);
    const result = 'result' in state ? state.result : state.context.result;
    const steps = 'steps' in state ? state.steps : state.context.process.steps;
    if (outcome === 'module error') {
      expect(['Failed', 'Error']).toContain(state.status);
      expect(result.status).toBe('error');
      expect(steps.some((step) => step.result?.error?.errors[0]?.location === 'Flow')).toBe(true);
    } else {
      expect(state.status).toBe('Completed');
      expect(result.outcomeClassification).toBe(CLASSIFICATION[outcome]);
      expect(steps.at(-1)).toMatchObject({ result: null, outcomeClassification: CLASSIFICATION[outcome] });
    }
    expect(await sdk.health()).toEqual({ status: 'ok' });
    expect(await sdk.deleteState(instanceId)).toEqual({ status: 'success' });
    await expect(sdk.fetchState(instanceId)).rejects.toMatchObject({ status: 404 });
  });
});

describe('a backend in the style of the vendor’s sample (screen plan by field-level outstanding, decision by classification)', () => {
  it.each(CASES)('completes $journey for $outcome', async ({ journey, resourceId, region, outcome, user }) => {
    const { sim, wait } = simulator();
    const client = new SampleLiveClient(`${ORIGIN}/${region}`, ORIGIN, sim.fetch);
    await client.authenticate('demo-client', 'demo-secret');
    const { screens, shown, record } = await runSampleJourney(client, resourceId, user, wait);
    expect(shown).toBe(SAMPLE_DECISION[outcome]);
    expect(record.decision).toBe(SAMPLE_DECISION[outcome]);
    expect(record.systemError).toBe(outcome === 'module error');
    expect(record.moduleRuns.length).toBeGreaterThan(0);
    expect(record.moduleRuns.every((run) => run.label !== 'Decision' && run.ms !== undefined)).toBe(true);
    if (journey === 'onboarding' && outcome === 'accept') {
      // A driving licence: the back is asked for once the front is read, and before the selfie.
      expect(screens).toEqual(['consent', 'details', 'contact', 'document', 'document-side2', 'selfie']);
    }
  });
});
