import { SPECIFICATION_DIALECT, V1Dialect, type V1State } from '@journey-bridge/contract';
import { describe, expect, it } from 'vitest';
import { comparePair, normalise } from '../src/index.js';
import { configuredFlowKeys, journeyNamed, pairedPlatform, subjectsFor } from './paired-runs.js';

/** One pair of each subject of a bundled journey, run with `options`. */
async function pairsOf(id: string, options: Parameters<typeof pairedPlatform>[0] = {}) {
  const journey = journeyNamed(id);
  const { sim, run } = pairedPlatform(options);
  return run(subjectsFor(journey, sim.core.clock.now()).map((subject) => ({ journey, subject })));
}

describe('the normal form: what the register says are two spellings of one outcome', () => {
  it('reads "Decision: Pass 1+1" and the specification’s "Decision: Pass" as one decision: reasonable, citing the register', async () => {
    // The team mapped the journey without its tenant's decision key and wording: the adapter answers the
    // specification's, the v1 journey its own.
    const configured = V1Dialect.parse({ layout: 'context.process', entryFields: { _ggo: {} } });
    const pairs = await pairsOf('dual-source-check', { adapterDialect: () => configured });
    const results = pairs.map(({ v1, v2 }) => comparePair(normalise(v1, configured), normalise(v2, configured)));
    const accepted = results.filter((_, index) => normalise(pairs[index]?.v1 as V1State, configured).decision === 'Accept');
    expect(accepted).toHaveLength(1);
    expect(accepted[0]).toEqual({
      result: 'reasonable',
      differences: [
        { module: 'decision', field: 'wording', v1: 'Decision: Pass 1+1', v2: 'Decision: Pass', explainedBy: 'response.decision-wording' },
        { module: 'decision', field: 'key', v1: 'ggo-decision', v2: 'decision', explainedBy: 'response.decision-wording' },
      ],
    });
    // Rejections and reviews are worded alike, only their key differs; failures carry no decision at all.
    expect(results.map((pair) => pair.result).sort()).toEqual(['match', 'reasonable', 'reasonable', 'reasonable']);
  });

  it('reads both failure spellings as one status: reasonable, citing status.failure-spelling', async () => {
    const [failed] = (await pairsOf('fraud-screen')).filter(({ v1 }) => v1.status === 'Failed');
    if (!failed) throw new Error('fraud-screen has a module error');
    // Typed as the v1 enumeration, but read from a live answer: some spelled a failure `Error`.
    const spelledError = { ...failed.v2, status: 'Error' } as unknown as V1State;
    expect(normalise(spelledError).status).toBe('failed');
    expect(comparePair(normalise(failed.v1), normalise(spelledError))).toEqual({
      result: 'reasonable',
      differences: [{ module: 'status', field: 'spelling', v1: 'Failed', v2: 'Error', explainedBy: 'status.failure-spelling' }],
    });
  });

  it('finds another spelling of a status that is not a failure a mismatch: the register documents none', () => {
    const dialect = V1Dialect.parse({ statuses: { InProgress: 'Running' } });
    const state = (status: string) => ({ instanceId: 'i', status, data: {} }) as unknown as V1State;
    expect(comparePair(normalise(state('Running'), dialect), normalise(state('InProgress'), dialect))).toEqual({
      result: 'mismatch',
      differences: [{ module: 'status', field: 'spelling', v1: 'Running', v2: 'InProgress' }],
    });
  });

  it('reads a dialect’s own status spellings back', () => {
    const dialect = V1Dialect.parse({ statuses: { Completed: 'Done', Failed: 'Broken' } });
    const state = (status: string) => ({ instanceId: 'i', status, data: {} }) as unknown as V1State;
    expect(['Done', 'Broken', 'InProgress', 'Paused'].map((status) => normalise(state(status), dialect).status)).toEqual([
      'completed',
      'failed',
      'pending',
      'paused',
    ]);
  });

  it('keys v2 steps by their v1 flow keys when given them, and names each unmapped one, explained by response.variant-id', async () => {
    const journey = journeyNamed('data-check');
    const [pair] = await pairsOf('data-check', { flowKeys: 'none' });
    if (!pair) throw new Error('no pair ran');
    const v1 = normalise(pair.v1, journey.v1Dialect);
    expect(comparePair(v1, normalise(pair.v2, journey.v1Dialect, configuredFlowKeys(journey))).result).toBe('match');
    expect(comparePair(v1, normalise(pair.v2, journey.v1Dialect)).differences).toEqual([
      { module: 'age-check', field: 'present', v1: false, v2: true, explainedBy: 'response.variant-id' },
      { module: 'age-eu-v1', field: 'present', v1: true, v2: false, explainedBy: 'response.variant-id' },
      { module: 'identity-check', field: 'present', v1: false, v2: true, explainedBy: 'response.variant-id' },
      { module: 'kyc-eu-v3', field: 'present', v1: true, v2: false, explainedBy: 'response.variant-id' },
    ]);
  });

  it('keeps advice flags and counts only, and drops ids, times, the subject and entry members', async () => {
    const [pair] = await pairsOf('dual-source-check');
    if (!pair) throw new Error('no pair ran');
    const flow = (pair.v1.data.context?.process?.flow ?? {}) as Record<string, { result: { advice: Record<string, unknown> } }>;
    (flow['cra-uk-v7'] as { result: { advice: Record<string, unknown> } }).result.advice.matchedName = 'Ada Lovelace';
    const normal = normalise(pair.v1, journeyNamed('dual-source-check').v1Dialect);
    expect(normal.advice['cra-uk-v7']).not.toHaveProperty('matchedName');
    expect(normal.advice['cra-uk-v7']).toMatchObject({ isUnder18: false, sources: 2 });
    const text = JSON.stringify(normal);
    for (const dropped of [pair.v1.instanceId, pair.v1.metaData?.createdTime, 'Lovelace', '_ggo']) expect(text).not.toContain(dropped);
  });

  it('counts two wordings that name no decision as a mismatch', () => {
    const decided = (outcome: string) =>
      ({ instanceId: 'i', status: 'Completed', data: { process: { flow: { decision: { result: { outcome } } } } } }) as V1State;
    const a = normalise(decided('Decision: Escalate'), SPECIFICATION_DIALECT);
    const b = normalise(decided('Decision: Hold'), SPECIFICATION_DIALECT);
    expect(a.decision).toBeUndefined();
    expect(comparePair(a, b)).toEqual({
      result: 'mismatch',
      differences: [{ module: 'decision', field: 'wording', v1: 'Decision: Escalate', v2: 'Decision: Hold', explainedBy: undefined }],
    });
  });
});

describe('pairs where a side reached no outcome', () => {
  it('is an error when a side failed, a timeout when one ran out of time and none failed', () => {
    const outcome = normalise({ instanceId: 'i', status: 'InProgress', data: {} } as V1State);
    expect(comparePair({ failed: 'error', error: 'ConnectionError' }, outcome)).toEqual({ result: 'error', differences: [] });
    expect(comparePair(outcome, { failed: 'timeout' })).toEqual({ result: 'timeout', differences: [] });
    expect(comparePair({ failed: 'timeout' }, { failed: 'error' }).result).toBe('error');
  });
});
