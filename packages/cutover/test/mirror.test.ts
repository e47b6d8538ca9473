import { describe, expect, it } from 'vitest';
import { createCutover, type PairRecord } from '../src/index.js';
import { createPlatform, DATA_CHECK_V1, legacyJourney, v1Side, v2Side } from './harness.js';

describe('a sampled journey is mirrored on the other side', () => {
  it('runs the shadow with the primary’s submissions and publishes a matching pair', async () => {
    const sim = createPlatform();
    const records: PairRecord[] = [];
    const cutover = createCutover({
      v1: v1Side(sim),
      v2: v2Side(sim),
      mappings: [{ name: 'data-check', v1: DATA_CHECK_V1, v2: 'b2e8d4a1data-check-v2', stage: { kind: 'shadow', sample: 1 } }],
      publish: (record) => records.push(record),
      shadow: { pollIntervalMs: 2, timeoutMs: 10_000 },
    });
    const advance = async () => sim.core.clock.advance(500);
    await legacyJourney(cutover, { advance });
    await cutover.idle();
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ mapping: 'data-check', stage: 'shadow', primary: 'v1', result: 'match' });
    await cutover.close();
  });

  it('finds a seeded difference and names the module and field', async () => {
    const sim = createPlatform();
    const records: PairRecord[] = [];
    const cutover = createCutover({
      v1: v1Side(sim),
      v2: v2Side(sim, { strict: true }),
      mappings: [{ name: 'data-check', v1: DATA_CHECK_V1, v2: 'b2e8d4a1data-check-stricter-v2', stage: { kind: 'shadow', sample: 1 } }],
      publish: (record) => records.push(record),
      shadow: { pollIntervalMs: 2, timeoutMs: 10_000 },
    });
    await legacyJourney(cutover, { advance: async () => sim.core.clock.advance(500) });
    await cutover.idle();
    expect(records[0]?.result).toBe('mismatch');
    console.log(JSON.stringify(records[0], null, 1));
    await cutover.close();
  });
});
