import { describe, expect, it } from 'vitest';
import { CompletedBySave } from '../src/completed-by-save.js';
import { createMemorySaveStore } from '../src/save-store.js';

const interaction = { instanceId: 'i', interactionId: 'grn:::i:interaction:segment1@latest', outstanding: [] };

describe('the save store in this process', () => {
  it('forgets an entry once its time to live has passed', async () => {
    let now = 0;
    const store = createMemorySaveStore({ now: () => now });
    await store.set('a', 'kept', 1000);
    now = 1000;
    expect(await store.get('a')).toBe('kept');
    now += 1;
    expect(await store.get('a')).toBeUndefined();
  });

  it('drops the oldest entries first once keys and values exceed its capacity, a replaced one counting as new', async () => {
    const store = createMemorySaveStore({ capacityChars: 25, now: () => 0 });
    await store.set('a', '123456789', 60_000);
    await store.set('b', '123456789', 60_000);
    await store.set('a', '123456789', 60_000);
    await store.set('c', '123456789', 60_000);
    expect(await store.get('b')).toBeUndefined();
    expect(await store.get('a')).toBe('123456789');
    expect(await store.get('c')).toBe('123456789');
  });
});

describe('the memory of tasks a Save completed', () => {
  it('gives the task a Save left waiting per instance, the last one saved, until its Complete', async () => {
    const memory = new CompletedBySave(createMemorySaveStore());
    await memory.add('a', 'i', interaction);
    await memory.add('b', 'i', interaction);
    expect(await memory.pendingFor('i')).toEqual({ taskId: 'b', interaction });
    await memory.delete('b');
    expect(await memory.pendingFor('i')).toBeUndefined();
    expect(await memory.has('a')).toBe(true);
  });

  it('keeps the interaction without its context: a list shows no subject, and an hour of them holds none', async () => {
    const store = createMemorySaveStore();
    const memory = new CompletedBySave(store);
    await memory.add('c', 'j', { ...interaction, context: { subject: { identity: { firstName: 'Ada' } } } });
    expect((await memory.pendingFor('j'))?.interaction).toEqual(interaction);
    expect(await store.get('saved:c')).not.toContain('Ada');
  });
});
