import { describe, expect, it } from 'vitest';
import { CompletedBySave } from '../src/completed-by-save.js';
import { SaveDrafts } from '../src/save-drafts.js';
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

  it('keeps a list per key, appended in order, whose oldest values can be dropped while later ones stay', async () => {
    let now = 0;
    const store = createMemorySaveStore({ now: () => now });
    await store.append('draft', 'first', 1000);
    await store.append('draft', 'second', 1000);
    expect(await store.list('draft')).toEqual(['first', 'second']);
    await store.append('draft', 'third', 1000);
    await store.dropOldest('draft', 2);
    expect(await store.list('draft')).toEqual(['third']);
    now = 1001;
    expect(await store.list('draft')).toEqual([]);
    expect(await store.list('never')).toEqual([]);
  });
});

describe('the drafts of a task', () => {
  it('merge its Saves in the order they came, a later value winning; settling forgets only the Saves read', async () => {
    const drafts = new SaveDrafts(createMemorySaveStore());
    await drafts.keep('t', { identity: { firstName: 'Ada' } });
    await drafts.keep('t', { identity: { firstName: 'Adele', dateOfBirth: '1990-12-10' } });
    const read = await drafts.draftOf('t');
    expect(read).toEqual({ subject: { identity: { firstName: 'Adele', dateOfBirth: '1990-12-10' } }, saves: 2 });
    await drafts.keep('t', { identity: { lastNames: ['Lovelace'] } });
    await drafts.settle('t', read as NonNullable<typeof read>);
    expect(await drafts.draftOf('t')).toEqual({ subject: { identity: { lastNames: ['Lovelace'] } }, saves: 1 });
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
