import { SPECIFICATION_CATALOGUE, type Subject } from '@journey-bridge/contract';
import { describe, expect, it } from 'vitest';
import { addedElements, CompletedBySave } from '../src/completed-by-save.js';

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

describe('the elements a Complete adds to what the journey holds', () => {
  const held: Subject = {
    identity: { firstName: 'Ada', lastNames: ['Lovelace'], idNumbers: [{ idNumber: '123-45-6789', type: 'ssn' }] },
    documents: [{ type: 'Primary', side1Image: 'ZnJvbnQ=', side2Image: '' }],
  };
  const added = (given: Subject) => addedElements(SPECIFICATION_CATALOGUE, held, given);

  it('adds nothing the journey holds, in any spelling of it, a document’s sides given as two elements included', () => {
    expect(added({})).toEqual([]);
    expect(added({ identity: { firstName: ' Ada ', lastNames: ['Lovelace'] } })).toEqual([]);
    expect(added({ identity: { idNumbers: [{ idNumber: '123456789', type: 'ssn' }] } })).toEqual([]);
    expect(added({ documents: [{ side1Image: 'ZnJvbnQ=' }] })).toEqual([]);
  });

  it('names an element the journey lacks, and one it holds only part of', () => {
    expect(added({ identity: { currentAddress: { lines: ['1 Main St'], locality: 'Leeds', postalCode: 'LS1', country: 'GB' } } })).toEqual([
      'CurrentAddress',
    ]);
    expect(added({ identity: { middleNames: ['Augusta'] } })).toEqual(['FullName']);
    expect(added({ documents: [{ side1Image: 'ZnJvbnQ=' }, { side2Image: 'YmFjaw==' }] })).toEqual(['PrimaryDocument']);
  });
});
