import { resultOf, stepsOf, V2State } from '@journey-bridge/contract';
import { describe, expect, it } from 'vitest';

const instanceId = 'b7e0c1d2-5a4f-4e3b-9c8d-1f2e3a4b5c6d';
const matched = { nodeId: 'node-data-check', name: 'Identity data check', outcome: 'Match', outcomeClassification: 'positive' };
const referred = { nodeId: 'node-face-match', name: 'Face match', outcome: 'Refer', outcomeClassification: 'neutral' };

describe('stepsOf', () => {
  it('reads context.process.steps, where the specification puts them', () => {
    const state = V2State.parse({ instanceId, status: 'Completed', context: { process: { steps: [matched] } } });
    expect(stepsOf(state)).toEqual([matched]);
  });

  it('reads top-level steps, where some tenants put them', () => {
    const state = V2State.parse({ instanceId, status: 'Completed', context: { subject: {} }, steps: [referred] });
    expect(stepsOf(state)).toEqual([referred]);
  });

  it('prefers the specification place when both are present', () => {
    const state = V2State.parse({ instanceId, status: 'Completed', context: { process: { steps: [matched] } }, steps: [referred] });
    expect(stepsOf(state).map((step) => step.nodeId)).toEqual(['node-data-check']);
  });

  it('is empty when the state has no steps anywhere', () => {
    expect(stepsOf(V2State.parse({ instanceId, status: 'InProgress' }))).toEqual([]);
  });

  it('keeps the live step fields, including unknown ones', () => {
    const live = {
      ...matched,
      result: { status: 'complete', outcome: 'Match' },
      process: { step: { startedAt: '2026-03-02T09:15:05.000Z', endedAt: '2026-03-02T09:15:06.000Z', moduleName: 'data-check' } },
      vendorTrace: 'abc',
    };
    const [step] = stepsOf(V2State.parse({ instanceId, status: 'Completed', steps: [live] }));
    expect(step).toEqual(live);
  });
});

describe('resultOf', () => {
  it('reads context.result', () => {
    const state = V2State.parse({
      instanceId,
      status: 'Completed',
      context: { result: { status: 'complete', advice: { decision: 'accept' } } },
    });
    expect(resultOf(state)).toEqual({ status: 'complete', advice: { decision: 'accept' } });
  });

  it('reads a top-level result and defaults its advice', () => {
    const state = V2State.parse({ instanceId, status: 'Error', result: { status: 'timeout' } });
    expect(resultOf(state)).toEqual({ status: 'timeout', advice: {} });
  });

  it('prefers context.result when both are present', () => {
    const state = V2State.parse({
      instanceId,
      status: 'Completed',
      context: { result: { status: 'complete', advice: {} } },
      result: { status: 'pending', advice: {} },
    });
    expect(resultOf(state)?.status).toBe('complete');
  });

  it('is undefined while no result exists', () => {
    expect(resultOf(V2State.parse({ instanceId, status: 'InProgress', context: {} }))).toBeUndefined();
  });
});

describe('V2State', () => {
  it('accepts both failure spellings and rejects unknown statuses', () => {
    expect(V2State.parse({ instanceId, status: 'Failed' }).status).toBe('Failed');
    expect(V2State.parse({ instanceId, status: 'Error' }).status).toBe('Error');
    expect(V2State.safeParse({ instanceId, status: 'Done' }).error?.issues[0]?.path).toEqual(['status']);
  });
});
