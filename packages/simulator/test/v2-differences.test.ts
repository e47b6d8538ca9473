import { describe, expect, it } from 'vitest';
import { JourneyDefinitionError, parseJourney } from '../src/index.js';
import { harness, journeyFile } from './harness.js';

const person = (lastName: string, dateOfBirth = '1990-12-10') => ({ identity: { firstName: 'Ada', lastNames: [lastName], dateOfBirth } });

/**
 * data-check republished with `modules` changed per module id: the v1 and v2 publications of one journey that
 * differ, as a cutover comparison must find. Under-18 subjects are not rejected by the evaluation itself here, so
 * only the age module decides them.
 */
async function republished(modules: Record<string, Record<string, unknown>>) {
  const file = await journeyFile('data-check');
  const segments = (file.segments as { modules: { id: string }[] }[]).map((segment) => ({
    ...segment,
    modules: segment.modules.map((module) => ({ ...module, ...modules[module.id] })),
  }));
  return parseJourney({ ...file, segments, evaluation: { variantId: 'decision', rejectUnder18: false } });
}

/** Runs `subject` through the journey on both publications and reads both results. */
async function bothSides(journey: Awaited<ReturnType<typeof republished>>, subject: object) {
  const h = harness({ journeys: [journey] });
  const v1Id = (await h.v1('start', { resourceId: 'a1d7c3f0data-check-v1@latest', context: { config: { async: true }, subject } })).body
    .instanceId;
  const v2Id = await h.startV2('b2e8d4a1data-check-v2@latest', subject);
  h.clock.advance(1200);
  const v1 = (await h.v1('state/fetch', { instanceId: v1Id })).body;
  const v2 = await h.state(v2Id);
  return { v1, v2, flow: v1.data.process.flow, steps: v2.context.process.steps as { nodeId: string; outcome: string }[] };
}

describe('journey files: v1 and v2 publications that differ', () => {
  it('runs a module with sides ["v1"] on the v1 publication only, and one with ["v2"] on v2 only', async () => {
    const journey = await republished({ 'age-check': { sides: ['v1'] }, 'identity-check': { sides: ['v2'] } });
    const { v1, v2, flow, steps } = await bothSides(journey, person('Lovelace', '2015-01-01'));
    expect(Object.keys(flow)).toEqual(['age-eu-v1', 'decision']);
    expect(flow['age-eu-v1'].result.outcome).toBe('Under 18');
    expect(flow.decision.result.outcome).toBe('Decision: Reject');
    expect(steps.map((step) => step.nodeId)).toEqual(['identity-check', 'decision']);
    expect(v2.context.result.advice.decision).toBe('Accept');
    expect([v1.status, v2.status]).toEqual(['Completed', 'Completed']);
  });

  it('runs v2Rules on the v2 publication and rules on v1', async () => {
    const journey = await republished({
      'identity-check': {
        v2Rules: [{ when: [{ path: 'identity.lastNames.0', equals: 'Review' }], outcome: 'No Match', classification: 'negative' }],
      },
    });
    const { flow, steps, v2 } = await bothSides(journey, person('Review'));
    expect(flow['kyc-eu-v3'].result).toMatchObject({ outcome: 'Partial Match', classification: 'neutral' });
    expect(flow.decision.result.outcome).toBe('Decision: Manual review');
    expect(steps.find((step) => step.nodeId === 'identity-check')?.outcome).toBe('No Match');
    expect(v2.context.result.advice.decision).toBe('Reject');
    // The v2 rules replace the v1 ones whole: v1's Nomatch rule is not among them.
    expect((await bothSides(journey, person('Nomatch'))).steps[0]?.outcome).toBe('Match');
  });

  it('refuses a module on no side', async () => {
    await expect(republished({ 'age-check': { sides: ['v2'] } })).resolves.toBeDefined();
    await expect(republished({ 'age-check': { sides: [] } })).rejects.toThrow(JourneyDefinitionError);
    await expect(republished({ 'age-check': { sides: ['v3'] } })).rejects.toThrow(/sides/);
  });
});
