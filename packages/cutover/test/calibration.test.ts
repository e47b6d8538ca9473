import { describe, expect, it } from 'vitest';
import { calibrate, normalise } from '../src/index.js';
import { bundled, pairedPlatform, republished, subjectsFor } from './paired-runs.js';

describe('calibration: the same publication on both sides', () => {
  it('finds no difference in 500 pairs across the bundled journeys: the noise floor is zero', async () => {
    const { sim, run } = pairedPlatform();
    const every = bundled.flatMap((journey) => subjectsFor(journey, sim.core.clock.now()).map((subject) => ({ journey, subject })));
    const batch = Array.from({ length: 500 }, (_, index) => every[index % every.length] as (typeof every)[number]);
    const runs = await run(batch, 'v1');
    // Each pair is two instances, started and ended at their own times: ids and times must not count.
    expect(runs.every(({ v1, v2 }) => v1.instanceId !== v2.instanceId)).toBe(true);
    const floor = calibrate(
      runs.map(({ journey, v1, v2 }) => ({ a: normalise(v1, journey.v1Dialect), b: normalise(v2, journey.v1Dialect) })),
    );
    expect(floor).toMatchObject({ pairs: 500, rate: 0, noisy: [], rules: [] });
    expect(floor.results).toEqual({ match: 500, reasonable: 0, mismatch: 0, ignored: 0, error: 0, timeout: 0 });
  });

  it('names what differed as ignore rules, and leaves failed pairs out of the rate', async () => {
    // A v1 module whose rules differ between two runs of "the same" journey stands in for a non-deterministic check.
    const noisy = await republished('data-check', {
      'age-check': { v2Rules: [{ when: [{ ageBelow: 200 }], outcome: 'Checked', classification: 'positive' }] },
    });
    const { sim, run } = pairedPlatform({ journeys: [noisy] });
    const [subject] = subjectsFor(noisy, sim.core.clock.now());
    const runs = await run([{ journey: noisy, subject: subject ?? {} }]);
    const pairs = runs.map(({ v1, v2 }) => ({ a: normalise(v1, noisy.v1Dialect), b: normalise(v2, noisy.v1Dialect) }));
    const floor = calibrate([...pairs, ...pairs, { a: { failed: 'timeout' }, b: pairs[0]?.b ?? { failed: 'error' } }]);
    expect(floor.results).toMatchObject({ mismatch: 2, timeout: 1 });
    expect(floor.rate).toBe(1);
    // "Checked" is no match: the module's match counts differ too, and nothing outside the module.
    expect(floor.noisy[0]).toEqual({ module: 'age-eu-v1', field: 'outcome', count: 2 });
    expect(new Set(floor.noisy.map(({ module, count }) => `${module} ×${count}`))).toEqual(new Set(['age-eu-v1 ×2']));
    expect(floor.rules[0]).toEqual({ module: 'age-eu-v1', field: 'outcome', reason: expect.stringContaining('calibration') });
    expect(floor.rules).toHaveLength(floor.noisy.length);
  });
});
