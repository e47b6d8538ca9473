import { isFailureStatus, isTerminalStatus, JourneyStatus, toV1Status, V1JourneyStatus } from '@journey-bridge/contract';
import { describe, expect, it } from 'vitest';

describe('isFailureStatus', () => {
  it.each([
    ['Failed', true],
    ['Error', true],
    ['Completed', false],
    ['InProgress', false],
    ['Paused', false],
    ['', false],
  ])('%j → %s', (status, expected) => {
    expect(isFailureStatus(status)).toBe(expected);
  });
});

describe('isTerminalStatus', () => {
  it.each([
    ['Completed', true],
    ['Failed', true],
    ['Error', true],
    // Paused waits on an operator; polling goes on.
    ['Paused', false],
    ['InProgress', false],
  ])('%j → %s', (status, expected) => {
    expect(isTerminalStatus(status)).toBe(expected);
  });
});

describe('toV1Status', () => {
  it('spells the failure the v1 way', () => {
    expect(toV1Status('Error')).toBe('Failed');
    expect(toV1Status('Failed')).toBe('Failed');
  });

  it('keeps every other status as it is', () => {
    for (const status of ['InProgress', 'Completed', 'Paused'] as const) expect(toV1Status(status)).toBe(status);
  });

  it('always lands inside the v1 enumeration', () => {
    for (const status of JourneyStatus.options) expect(V1JourneyStatus.options).toContain(toV1Status(status));
  });
});
