import { describe, expect, it } from 'vitest';
import { describeEvidence, learnFlowKeys, type NormalOutcome, normalise } from '../src/index.js';
import { bundled, configuredFlowKeys, pairedPlatform, subjectsFor } from './paired-runs.js';

/** A normal outcome whose `modules` all had `result`. */
const outcome = (modules: string[], result = 'Match'): NormalOutcome => ({
  status: 'completed',
  decision: 'Accept',
  modules: Object.fromEntries(modules.map((key) => [key, { outcome: result, classification: 'positive' }])),
  advice: {},
  spelling: { status: 'Completed', decisionKey: 'decision', decisionWording: undefined },
});

describe('learning the v1 flow keys of v2 steps from paired journeys', () => {
  it('learns the configured mapping of every bundled journey from its varied subjects', async () => {
    // The adapter is given no flow keys: v2 modules come back under their step nodeIds.
    const { sim, run } = pairedPlatform({ flowKeys: 'none' });
    const runs = await run(
      bundled.flatMap((journey) => subjectsFor(journey, sim.core.clock.now()).map((subject) => ({ journey, subject }))),
    );
    for (const journey of bundled) {
      const pairs = runs
        .filter((pair) => pair.journey === journey)
        .map(({ v1, v2 }) => ({ v1: normalise(v1, journey.v1Dialect), v2: normalise(v2, journey.v1Dialect) }));
      const learned = learnFlowKeys(pairs);
      expect({ journey: journey.id, flowKeys: learned.flowKeys }).toEqual({ journey: journey.id, flowKeys: configuredFlowKeys(journey) });
      expect(learned.evidence.unmapped).toEqual([]);
      expect(learned.evidence.unmatchedV1).toEqual([]);
      for (const entry of learned.evidence.mapped) {
        expect(entry.agreed).toBe(entry.compared);
        // Each choice was clear: the next best key disagreed at least once.
        expect(entry.runnerUp?.agreed ?? 0).toBeLessThan(entry.compared);
      }
    }
  });

  it('learns from records that mix pairs from before the flow keys were set with pairs from after', async () => {
    // Before, v2 modules come back under their step nodeIds; after, the adapter already puts them under their v1 keys.
    const runAll = ({ sim, run }: ReturnType<typeof pairedPlatform>) =>
      run(bundled.flatMap((journey) => subjectsFor(journey, sim.core.clock.now()).map((subject) => ({ journey, subject }))));
    const before = await runAll(pairedPlatform({ flowKeys: 'none' }));
    const after = await runAll(pairedPlatform({ flowKeys: 'configured' }));
    for (const journey of bundled) {
      const pairs = [...before, ...after]
        .filter((pair) => pair.journey === journey)
        .map(({ v1, v2 }) => ({ v1: normalise(v1, journey.v1Dialect), v2: normalise(v2, journey.v1Dialect) }));
      const learned = learnFlowKeys(pairs);
      const renamed = Object.entries(configuredFlowKeys(journey)).filter(([step, key]) => step !== key);
      expect({ journey: journey.id, flowKeys: learned.flowKeys }).toEqual({ journey: journey.id, flowKeys: Object.fromEntries(renamed) });
      expect(learned.evidence.unmapped).toEqual([]);
      expect(learned.evidence.unmatchedV1).toEqual([]);
      // Each key is confirmed under its own name too, by the pairs recorded after.
      for (const [step, key] of renamed) {
        expect(learned.evidence.mapped.map((entry) => [entry.v2, entry.v1])).toEqual(
          expect.arrayContaining([
            [step, key],
            [key, key],
          ]),
        );
      }
    }
  });

  it('says, with the figures it decided on, why a step whose best key went to another step is unmapped', () => {
    const outcome = (modules: Record<string, string>): NormalOutcome => ({
      status: 'completed',
      decision: 'Accept',
      modules: Object.fromEntries(Object.entries(modules).map(([key, value]) => [key, { outcome: value, classification: undefined }])),
      advice: {},
      spelling: { status: 'Completed', decisionKey: 'decision', decisionWording: undefined },
    });
    const pair = (v1: Record<string, string>, v2: Record<string, string>) => ({ v1: outcome(v1), v2: outcome(v2) });
    // `early` agrees with kyc every time, `late` in 3 of 4 pairs (enough at a 70% bar): kyc goes to `early`.
    const learned = learnFlowKeys(
      [
        pair({ kyc: 'Match', age: 'No Match' }, { early: 'Match' }),
        pair({ kyc: 'Match', age: 'No Match' }, { early: 'Match', late: 'Match' }),
        pair({ kyc: 'No Match', age: 'Match' }, { early: 'No Match', late: 'No Match' }),
        pair({ kyc: 'Match', age: 'Match' }, { early: 'Match', late: 'Match' }),
        pair({ kyc: 'Match', age: 'Match' }, { early: 'Match', late: 'No Match' }),
        pair({ kyc: 'Match', age: 'Match' }, { early: 'Match', other: 'Match' }),
      ],
      { minAgreement: 0.7 },
    );
    expect(learned.flowKeys).toEqual({ early: 'kyc' });
    expect(describeEvidence(learned)).toContain(
      'late: not mapped, its best key kyc agreed in 3 of 4 pairs that ran both (75%), but early agrees better with it (6 of 6)',
    );
    expect(describeEvidence(learned)).toContain(
      'other: not mapped, no v1 key agrees often enough: best age agreed in 1 of 1 pairs that ran both (100%); a key must agree in at least 70% of at least 3 pairs',
    );
  });

  it('takes two keys that agree in every pair they ran for a tie, however many pairs each ran', () => {
    // Every module has the same outcome in a pair, so nothing tells the keys apart; only how often each ran differs.
    const learned = learnFlowKeys([
      { v1: outcome(['age-eu-v1']), v2: outcome(['identity-check', 'age-check']) },
      { v1: outcome(['age-eu-v1'], 'No Match'), v2: outcome(['identity-check'], 'No Match') },
      ...['Match', 'No Match', 'Match'].map((result) => ({
        v1: outcome(['kyc-eu-v3', 'age-eu-v1'], result),
        v2: outcome(['identity-check', 'age-check'], result),
      })),
    ]);
    expect(learned.flowKeys).toEqual({});
    expect(learned.evidence.unmapped.map((entry) => entry.v2)).toEqual(['age-check', 'identity-check']);
    expect(learned.evidence.unmapped[0]?.reason).toMatch(/age-eu-v1 and kyc-eu-v3 agree equally \(100% of the pairs that ran both\)/);
  });

  it('leaves steps unmapped rather than guess when every subject matches every module', async () => {
    const { sim, run } = pairedPlatform({ flowKeys: 'none' });
    const journey = bundled.find((candidate) => candidate.id === 'data-check');
    if (!journey) throw new Error('data-check is bundled');
    const [matching] = subjectsFor(journey, sim.core.clock.now());
    const runs = await run(Array.from({ length: 4 }, () => ({ journey, subject: matching ?? {} })));
    const learned = learnFlowKeys(runs.map(({ v1, v2 }) => ({ v1: normalise(v1), v2: normalise(v2) })));
    expect(learned.flowKeys).toEqual({});
    expect(learned.evidence.unmapped.map((entry) => entry.v2)).toEqual(['age-check', 'identity-check']);
    expect(learned.evidence.unmapped[0]?.reason).toMatch(
      /its best key age-eu-v1 agreed in 4 of 4 pairs that ran both \(100%\), but on 1 outcome\(s\) only.*tell the modules apart/,
    );
    expect(describeEvidence(learned)).toContain('kyc-eu-v3: no v2 step took this v1 flow key');
  });

  it('does not pair a step on v2 alone with a key on v1 alone for agreeing on the one outcome neither tripped', () => {
    // v2 dropped the age check and added a sanctions screen; nobody was sanctioned, one subject in 25 was under 18.
    const pair = (identity: string, age: string) => ({
      v1: { ...outcome([], identity), modules: { ...outcome(['kyc-eu-v3'], identity).modules, ...outcome(['age-eu-v1'], age).modules } },
      v2: {
        ...outcome([], identity),
        modules: { ...outcome(['identity-check'], identity).modules, ...outcome(['sanctions-screen']).modules },
      },
    });
    const learned = learnFlowKeys(
      Array.from({ length: 25 }, (_, index) => pair(index % 2 === 0 ? 'Match' : 'No Match', index === 24 ? 'Under 18' : 'Match')),
    );
    expect(learned.flowKeys).toEqual({ 'identity-check': 'kyc-eu-v3' });
    expect(learned.evidence.unmapped).toEqual([
      {
        v2: 'sanctions-screen',
        reason: expect.stringMatching(/^its best key age-eu-v1 agreed in 24 of 25 pairs .*on 1 outcome\(s\) only/),
      },
    ]);
  });

  it('needs a minimum of pairs before it maps anything', async () => {
    const { sim, run } = pairedPlatform({ flowKeys: 'none' });
    const journey = bundled.find((candidate) => candidate.id === 'fraud-screen');
    if (!journey) throw new Error('fraud-screen is bundled');
    const runs = await run(subjectsFor(journey, sim.core.clock.now()).map((subject) => ({ journey, subject })));
    const pairs = runs.map(({ v1, v2 }) => ({ v1: normalise(v1), v2: normalise(v2) }));
    expect(learnFlowKeys(pairs, { minPairs: pairs.length + 1 }).flowKeys).toEqual({});
    // Every subject but the one all modules match sets off one rule of one module: the other disagrees.
    const n = pairs.length;
    expect(describeEvidence(learnFlowKeys(pairs))).toEqual([
      `${n} paired journeys`,
      `fraud-screening → fraud-us-v2: agreed in ${n} of ${n} pairs (next best ssn-us-v1: 1 of ${n})`,
      `ssn-check → ssn-us-v1: agreed in ${n} of ${n} pairs (next best fraud-us-v2: 1 of ${n})`,
    ]);
  });
});
