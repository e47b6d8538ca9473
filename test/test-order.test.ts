import { describe, expect, it } from 'vitest';
import { longestFirst, type RecordedDurations } from './support/test-order.js';

describe('longestFirst', () => {
  const durations: RecordedDurations = { 'a.test.ts': 100, 'b.test.ts': 9_000, 'c.test.ts': 100, 'd.test.ts': 2_500 };

  it('runs the longest recorded files first and keeps the given order among equals', () => {
    expect(longestFirst(['a.test.ts', 'b.test.ts', 'c.test.ts', 'd.test.ts'], String, durations)).toEqual([
      'b.test.ts',
      'd.test.ts',
      'a.test.ts',
      'c.test.ts',
    ]);
    expect(longestFirst(['c.test.ts', 'a.test.ts'], String, durations)).toEqual(['c.test.ts', 'a.test.ts']);
  });

  it('runs files with no recorded duration before all others, as vitest runs files it has not timed', () => {
    expect(longestFirst(['a.test.ts', 'new.test.ts', 'b.test.ts', 'newer.test.ts'], String, durations)).toEqual([
      'new.test.ts',
      'newer.test.ts',
      'b.test.ts',
      'a.test.ts',
    ]);
  });
});
