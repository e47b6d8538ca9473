import { describe, expect, it } from 'vitest';
import { CompletedBySave } from '../src/completed-by-save.js';

describe('the memory of tasks a Save completed', () => {
  it('forgets a task after an hour, and the oldest first past 10,000', () => {
    let now = 0;
    const memory = new CompletedBySave(() => now);
    memory.add('a');
    now = 60 * 60 * 1000;
    expect(memory.has('a')).toBe(true);
    now += 1;
    expect(memory.has('a')).toBe(false);
    for (let i = 0; i <= 10_000; i += 1) memory.add(`t${i}`);
    expect(memory.has('t0')).toBe(false);
    expect(memory.has('t1')).toBe(true);
    expect(memory.has('t10000')).toBe(true);
  });
});
