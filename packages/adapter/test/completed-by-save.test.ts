import { describe, expect, it } from 'vitest';
import { CompletedBySave, holdsAll } from '../src/completed-by-save.js';

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

describe('whether the journey already holds what a Complete carries', () => {
  const held = {
    identity: { firstName: 'Ada', lastNames: ['Lovelace'] },
    documents: [{ type: 'Primary', side1Image: 'front', side2Image: 'back' }],
  };

  it('holds every value given, a document’s sides given as two elements included', () => {
    expect(holdsAll(held, {})).toBe(true);
    expect(holdsAll(held, { identity: { firstName: 'Ada' } })).toBe(true);
    expect(holdsAll(held, { documents: [{ side1Image: 'front' }, { side2Image: 'back' }] })).toBe(true);
  });

  it('does not hold a value it lacks or that differs', () => {
    expect(holdsAll(held, { identity: { middleNames: ['Augusta'] } })).toBe(false);
    expect(holdsAll(held, { identity: { firstName: 'Grace' } })).toBe(false);
    expect(holdsAll(held, { documents: [{ side1Image: 'another front' }] })).toBe(false);
    expect(holdsAll(held, { identity: { lastNames: ['Lovelace', 'Byron'] } })).toBe(false);
  });
});
