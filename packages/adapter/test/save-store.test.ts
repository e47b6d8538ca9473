import { describe, expect, it, vi } from 'vitest';
import { CompletedBySave, tokenFingerprint } from '../src/completed-by-save.js';
import { SaveStoreError } from '../src/errors/save-store-error.js';
import { TaskBusyError } from '../src/errors/task-busy-error.js';
import { oneUpdateAtATime } from '../src/one-update-at-a-time.js';
import { createMemorySaveStore, type SaveStore } from '../src/save-store.js';

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

  it('never pushes a hold out for capacity: a large draft of another task leaves the task held', async () => {
    const store = createMemorySaveStore({ capacityChars: 100, now: () => 0 });
    expect(await store.hold('updating:t', 'update A', 60_000)).toBe(true);
    await store.set('draft:u', 'x'.repeat(95), 60_000);
    expect(await store.hold('updating:t', 'update B', 60_000)).toBe(false);
  });

  it('holds a key for one owner at a time, renews and lets it go only for that owner, and frees it when it expires', async () => {
    let now = 0;
    const store = createMemorySaveStore({ now: () => now });
    expect(await store.hold('task', 'first', 1000)).toBe(true);
    expect(await store.hold('task', 'second', 1000)).toBe(false);
    await store.release('task', 'second');
    expect(await store.hold('task', 'second', 1000)).toBe(false);
    now = 900;
    expect(await store.renew('task', 'first', 1000)).toBe(true);
    now = 1500;
    expect(await store.hold('task', 'second', 1000)).toBe(false);
    now = 1901;
    expect(await store.renew('task', 'first', 1000)).toBe(false);
    expect(await store.hold('task', 'second', 1000)).toBe(true);
    await store.release('task', 'second');
    expect(await store.hold('task', 'third', 1000)).toBe(true);
  });
});

describe('one update of a task at a time', () => {
  const wait = { maxMs: 100, everyMs: 5, leaseMs: 60_000 };

  it('runs a second update once the first is done, never both at once', async () => {
    const store = createMemorySaveStore();
    const order: string[] = [];
    let release!: () => void;
    const first = oneUpdateAtATime(
      store,
      't',
      () =>
        new Promise<void>((done) => {
          order.push('first starts');
          release = () => {
            order.push('first ends');
            done();
          };
        }),
      wait,
    );
    const second = oneUpdateAtATime(store, 't', async () => void order.push('second runs'), wait);
    await vi.waitFor(() => expect(order).toEqual(['first starts']));
    release();
    await Promise.all([first, second]);
    expect(order).toEqual(['first starts', 'first ends', 'second runs']);
    // Another task's update never waits for this one's.
    await expect(oneUpdateAtATime(store, 'other', async () => 'ran', wait)).resolves.toBe('ran');
  });

  it('keeps its hold while it runs past the lease, renewing it, and lets it go when done', async () => {
    let now = 0;
    const memory = createMemorySaveStore({ now: () => now });
    let renewals = 0;
    const store: SaveStore = {
      ...memory,
      renew: (...args) => {
        renewals += 1;
        return memory.renew(...args);
      },
    };
    let finish!: () => void;
    const first = oneUpdateAtATime(store, 't', () => new Promise<void>((done) => (finish = done)), { ...wait, leaseMs: 30 });
    await vi.waitFor(() => expect(finish).toBeDefined());
    now = 25;
    const before = renewals;
    await vi.waitFor(() => expect(renewals).toBeGreaterThan(before));
    // Past the first lease, within the renewed one.
    now = 40;
    expect(await memory.hold('updating:t', 'another update', 30)).toBe(false);
    finish();
    await first;
    expect(await memory.hold('updating:t', 'another update', 30)).toBe(true);
  });

  it('lets go a hold the store made though it failed to answer (a stalled Redis runs it once it resumes)', async () => {
    const memory = createMemorySaveStore();
    const late: SaveStore = {
      ...memory,
      hold: (...args) => memory.hold(...args).then(() => Promise.reject(new Error('command timed out'))),
    };
    await expect(oneUpdateAtATime(late, 't', async () => 'ran', wait)).rejects.toBeInstanceOf(SaveStoreError);
    await expect(oneUpdateAtATime(memory, 't', async () => 'ran', wait)).resolves.toBe('ran');
  });

  it('frees the task when the update fails, and refuses one that waited too long, nothing run', async () => {
    const store = createMemorySaveStore();
    await expect(oneUpdateAtATime(store, 't', async () => Promise.reject(new Error('refused')), wait)).rejects.toThrow('refused');
    await expect(oneUpdateAtATime(store, 't', async () => 'ran', wait)).resolves.toBe('ran');
    // As a process that died holding the task leaves it until its lease passes.
    await store.hold('updating:t', 'a process that died', 60_000);
    let ran = false;
    const work = async () => {
      ran = true;
    };
    const refusal = await oneUpdateAtATime(store, 't', work, wait).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(TaskBusyError);
    expect((refusal as Error).message).toMatch(/waited 0.1 s for another update of this task to end: nothing was sent; retry/);
    expect(ran).toBe(false);
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
    expect(await memory.savedTask('a')).toEqual({ interaction });
  });

  it('remembers who sent the Save by a fingerprint of its token, never the token', async () => {
    const store = createMemorySaveStore();
    const memory = new CompletedBySave(store);
    const token = 'sim_the-callers-secret-token';
    await memory.add('d', 'k', interaction, tokenFingerprint(token));
    expect(await memory.savedTask('d')).toEqual({ interaction, savedBy: tokenFingerprint(token) });
    expect(tokenFingerprint(token)).not.toBe(tokenFingerprint(`${token}x`));
    expect(await store.get('saved:d')).not.toContain('secret');
  });

  it('keeps the interaction without its context: a list shows no subject, and an hour of them holds none', async () => {
    const store = createMemorySaveStore();
    const memory = new CompletedBySave(store);
    await memory.add('c', 'j', { ...interaction, context: { subject: { identity: { firstName: 'Ada' } } } });
    expect((await memory.pendingFor('j'))?.interaction).toEqual(interaction);
    expect(await store.get('saved:c')).not.toContain('Ada');
  });
});
