import { describe, expect, it } from 'vitest';
import { CompletedBySave } from '../src/completed-by-save.js';

const interaction = { instanceId: 'i', interactionId: 'grn:::i:interaction:segment1@latest', outstanding: [] };

describe('the memory of tasks a Save completed', () => {
  it('forgets a task after an hour, and the oldest first past 10,000', () => {
    let now = 0;
    const memory = new CompletedBySave(() => now);
    memory.add('a', 'i', interaction);
    now = 60 * 60 * 1000;
    expect(memory.has('a')).toBe(true);
    now += 1;
    expect(memory.has('a')).toBe(false);
    for (let i = 0; i <= 10_000; i += 1) memory.add(`t${i}`, `i${i}`, interaction);
    expect(memory.has('t0')).toBe(false);
    expect(memory.has('t1')).toBe(true);
    expect(memory.has('t10000')).toBe(true);
  });

  it('gives the task a Save left waiting per instance, the last one saved, until its Complete', () => {
    const memory = new CompletedBySave(() => 0);
    memory.add('a', 'i', interaction);
    memory.add('b', 'i', interaction);
    expect(memory.pendingFor('i')).toEqual({ taskId: 'b', interaction });
    memory.delete('b');
    expect(memory.pendingFor('i')).toBeUndefined();
    expect(memory.has('a')).toBe(true);
  });

  it('keeps the interaction without its context: a list shows no subject, and an hour of them holds none', () => {
    const memory = new CompletedBySave(() => 0);
    memory.add('c', 'j', { ...interaction, context: { subject: { identity: { firstName: 'Ada' } } } });
    expect(memory.pendingFor('j')?.interaction).toEqual(interaction);
  });
});
