import { describe, expect, it } from 'vitest';
import { comparePair, type NormalOutcome, normalise } from '../src/index.js';
import { bundled, pairedPlatform, republished, subjectsFor } from './paired-runs.js';

/** Both sides of each run in the normal form, compared. */
const compared = (runs: Awaited<ReturnType<ReturnType<typeof pairedPlatform>['run']>>) =>
  runs.map(({ journey, v1, v2 }) => ({
    journey: journey.id,
    ...comparePair(normalise(v1, journey.v1Dialect), normalise(v2, journey.v1Dialect)),
  }));

describe('comparing a journey run on v1 and on its v2 republication', () => {
  it('finds every pair of identical publications a match, on every bundled journey and every outcome its rules know', async () => {
    const { sim, run } = pairedPlatform();
    const batch = bundled.flatMap((journey) => subjectsFor(journey, sim.core.clock.now()).map((subject) => ({ journey, subject })));
    const results = compared(await run(batch));
    expect(results.length).toBeGreaterThanOrEqual(25);
    expect(results.filter((pair) => pair.result !== 'match')).toEqual([]);
  });
});

describe('seeded differences between a v1 journey and its v2 republication', () => {
  it('attributes a rule changed on v2 to that module’s outcome and classification, and to the decision it moved', async () => {
    const changed = await republished('data-check', {
      'identity-check': {
        v2Rules: [{ when: [{ path: 'identity.lastNames.0', equals: 'Review' }], outcome: 'No Match', classification: 'negative' }],
      },
    });
    const { sim, run } = pairedPlatform({ journeys: [changed] });
    const subjects = subjectsFor(changed, sim.core.clock.now());
    const results = compared(await run(subjects.map((subject) => ({ journey: changed, subject }))));
    const review = results[subjects.findIndex((subject) => subject.identity?.lastNames?.[0] === 'Review')];
    expect(review?.result).toBe('mismatch');
    expect(review?.differences).toEqual([
      { module: 'decision', field: 'value', v1: 'Manual review', v2: 'Reject', explainedBy: undefined },
      { module: 'kyc-eu-v3', field: 'outcome', v1: 'Partial Match', v2: 'No Match', explainedBy: undefined },
      { module: 'kyc-eu-v3', field: 'classification', v1: 'neutral', v2: 'negative', explainedBy: undefined },
      { module: 'kyc-eu-v3', field: 'advice.svcScore', v1: 50, v2: 10, explainedBy: undefined },
    ]);
    // The subject every module matches runs alike; wherever the pairs differ, the age check is never blamed.
    expect(results[0]?.result).toBe('match');
    const blamed = new Set(results.flatMap((pair) => pair.differences.map((difference) => difference.module)));
    expect([...blamed].sort()).toEqual(['decision', 'kyc-eu-v3', 'status']);
  });

  it('attributes a module missing on v2 to that module, explained by response.variant-id, in every pair', async () => {
    const missing = await republished('data-check', { 'age-check': { sides: ['v1'] } });
    const { sim, run } = pairedPlatform({ journeys: [missing] });
    const results = compared(await run(subjectsFor(missing, sim.core.clock.now()).map((subject) => ({ journey: missing, subject }))));
    for (const pair of results) {
      expect(pair.result).toBe('mismatch');
      expect(pair.differences).toEqual([
        { module: 'age-eu-v1', field: 'present', v1: true, v2: false, explainedBy: 'response.variant-id' },
      ]);
    }
  });

  it('leaves a module missing on a side that did not complete unexplained: the status difference is the finding', () => {
    const module = { outcome: 'Match', classification: 'positive' };
    const v1: NormalOutcome = {
      status: 'completed',
      decision: 'Accept',
      modules: { 'kyc-eu-v3': module },
      advice: {},
      spelling: { status: 'Completed', decisionKey: 'decision', decisionWording: 'Decision: Pass' },
    };
    // The v2 republication waits for data the subject lacks: it never got to the module.
    const v2: NormalOutcome = {
      ...v1,
      status: 'pending',
      decision: undefined,
      modules: {},
      spelling: { ...v1.spelling, status: 'Pending' },
    };
    const { result, differences } = comparePair(v1, v2);
    expect(result).toBe('mismatch');
    expect(differences).toContainEqual({ module: 'kyc-eu-v3', field: 'present', v1: true, v2: false, explainedBy: undefined });
    expect(differences.filter((difference) => difference.explainedBy !== undefined)).toEqual([]);
    // Nor is one that failed where the other completed: it may have stopped before the module.
    expect(comparePair(v1, { ...v2, status: 'failed' }).differences).toContainEqual(
      expect.objectContaining({ module: 'kyc-eu-v3', field: 'present', explainedBy: undefined }),
    );
    // A side that completed without it is a flow key the register explains, whichever side lacks it.
    expect(comparePair({ ...v2, status: 'completed' }, v1).differences).toContainEqual({
      module: 'kyc-eu-v3',
      field: 'present',
      v1: false,
      v2: true,
      explainedBy: 'response.variant-id',
    });
  });

  it('counts a difference ignore rules cover as ignored, and a mismatch on what they leave', async () => {
    const changed = await republished('data-check', { 'identity-check': { v2Rules: [] } });
    const { sim, run } = pairedPlatform({ journeys: [changed] });
    const review = subjectsFor(changed, sim.core.clock.now()).find((subject) => subject.identity?.lastNames?.[0] === 'Review');
    const [pair] = await run([{ journey: changed, subject: review ?? {} }]);
    if (!pair) throw new Error('the run answered nothing');
    const v1 = normalise(pair.v1);
    const v2 = normalise(pair.v2);
    // Partial Match on v1, Match on v2: the decision, the outcome, the classification and nine advice counts.
    const all = comparePair(v1, v2, [{ module: 'kyc-*' }, { module: 'decision', field: 'value' }]);
    expect(all.result).toBe('ignored');
    expect(all.differences).toHaveLength(12);
    const rest = comparePair(v1, v2, [{ module: 'kyc-eu-v3', field: 'outcome' }, { field: 'advice.*' }]);
    expect(rest.result).toBe('mismatch');
    expect(rest.differences.map(({ module, field }) => `${module}.${field}`)).toEqual(['decision.value', 'kyc-eu-v3.classification']);
  });
});
