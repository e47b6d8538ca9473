import { flowOf, V1State } from '@journey-bridge/contract';
import { describe, expect, it } from 'vitest';

const instanceId = '5f1c9a7e2b4d4c8e9a3b6d0f1e2c7a94';
const pass = { result: { outcome: 'Decision: Pass 1+1' }, subject: { identity: { firstName: 'Jane' } } };
const alert = { result: { outcome: 'Decision: Alert' } };

describe('flowOf', () => {
  it('reads data.process.flow, where the specification puts it', () => {
    const state = V1State.parse({ instanceId, status: 'Completed', data: { process: { flow: { 'data-check-us-v3': pass } } } });
    expect(flowOf(state)).toEqual({ 'data-check-us-v3': pass });
  });

  it('reads data.context.process.flow, where the live caller reads it', () => {
    const state = V1State.parse({
      instanceId,
      status: 'Completed',
      data: { context: { process: { flow: { 'watchlist-us-v1': alert } } } },
    });
    expect(flowOf(state)['watchlist-us-v1']?.result?.outcome).toBe('Decision: Alert');
  });

  it('prefers the specification place when both carry a flow', () => {
    const state = V1State.parse({
      instanceId,
      status: 'Completed',
      data: { process: { flow: { specified: pass } }, context: { process: { flow: { live: alert } } } },
    });
    expect(Object.keys(flowOf(state))).toEqual(['specified']);
  });

  it('still finds the live flow when data.process carries no flow of its own', () => {
    const state = V1State.parse({
      instanceId,
      status: 'Completed',
      data: { process: { startedAt: '2026-03-02T09:15:04.120Z' }, context: { process: { flow: { live: alert } } } },
    });
    expect(flowOf(state)).toEqual({ live: alert });
  });

  it('is empty without data, and while nothing has run', () => {
    expect(flowOf(V1State.parse({ instanceId, status: 'InProgress' }))).toEqual({});
    expect(flowOf(V1State.parse({ instanceId, status: 'InProgress', data: {} }))).toEqual({});
  });
});

describe('V1State', () => {
  it('keeps an empty completedTime while the journey runs', () => {
    const state = V1State.parse({
      instanceId,
      status: 'InProgress',
      metaData: { createdTime: '2026-03-02T09:15:04.120Z', completedTime: '' },
    });
    expect(state.metaData).toEqual({ createdTime: '2026-03-02T09:15:04.120Z', completedTime: '' });
  });

  it('reads the Error spelling of a failure as the v1 Failed', () => {
    expect(V1State.parse({ instanceId, status: 'Error' }).status).toBe('Failed');
    expect(V1State.parse({ instanceId, status: 'Failed' }).status).toBe('Failed');
  });

  it('reads a tenant’s own spelling of a status by its letters, but no bare lowercase word (the SDK’s error envelope)', () => {
    expect(V1State.parse({ instanceId, status: 'IN_PROGRESS' }).status).toBe('InProgress');
    expect(V1State.parse({ instanceId, status: 'In Progress' }).status).toBe('InProgress');
    expect(V1State.parse({ instanceId, status: 'COMPLETED' }).status).toBe('Completed');
    expect(V1State.safeParse({ instanceId, status: 'error' }).success).toBe(false);
    expect(V1State.safeParse({ instanceId, status: 'Cancelled' }).success).toBe(false);
  });
});
