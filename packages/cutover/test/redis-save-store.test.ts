import { randomBytes } from 'node:crypto';
import { SaveStoreError } from '@journey-bridge/adapter';
import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { createRedisSaveStore, StoreCommandError, StoreKeyMismatchError } from '../src/index.js';
import { createPlatform, DATA_CHECK_V1, v2Side } from './harness.js';
import { redisAvailable, redisForSuite, redisForTest } from './redis-server.js';

describe.runIf(redisAvailable())('the adapter’s save store in Redis', () => {
  const redis = redisForSuite();
  const key = randomBytes(32);

  it('lets a Complete on one replica bring the rest of what a Save on another carried, holding no identity data in the clear', async () => {
    const prefix = `save-${randomBytes(4).toString('hex')}:`;
    const [storeA, storeB] = await Promise.all([
      createRedisSaveStore({ url: redis.url, key, prefix }),
      createRedisSaveStore({ url: redis.url, key, prefix }),
    ]);
    const sim = createPlatform();
    const token = sim.issueToken();
    const [a, b] = [v2Side(sim, { token, saveStore: storeA }), v2Side(sim, { token, saveStore: storeB })];
    const { instanceId } = await a.startJourney({
      resourceId: `${DATA_CHECK_V1}@latest`,
      context: { config: { async: true }, subject: {} },
    });
    const taskId = (await b.listTasks({ instanceId })).tasks[0]?.taskId ?? '';
    await a.updateTask({
      intent: 'Save',
      instanceId,
      taskId,
      context: { subject: { identity: { firstName: 'Ada', dateOfBirth: '1990-12-10' } } },
    });

    const raw = new Redis(redis.url);
    const keys = await raw.keys(`${prefix}*`);
    // Drafts are lists (a Save each), the rest strings.
    const read = async (name: string) => ((await raw.type(name)) === 'list' ? (await raw.lrange(name, 0, -1)).join('') : raw.get(name));
    const values = await Promise.all(keys.filter((name) => !name.endsWith('key-check')).map(read));
    const ttl = await raw.pttl(`${prefix}save:draft:${taskId}`);
    await raw.quit();
    expect(values.length).toBeGreaterThan(0);
    expect(values.join('')).not.toMatch(/Ada|1990/);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(60 * 60 * 1000);

    await b.updateTask({ intent: 'Complete', instanceId, taskId, context: { subject: { identity: { lastNames: ['Lovelace'] } } } });
    sim.core.clock.advance(5000);
    expect((await a.fetchState({ instanceId })).status).toBe('Completed');
    await Promise.all([storeA.close(), storeB.close()]);
  });

  it('holds a key for one owner across connections, renewing and letting go only for that owner', async () => {
    const prefix = `save-hold-${randomBytes(4).toString('hex')}:`;
    const [one, two] = await Promise.all([
      createRedisSaveStore({ url: redis.url, key, prefix }),
      createRedisSaveStore({ url: redis.url, key, prefix }),
    ]);
    const held = await Promise.all(
      Array.from({ length: 10 }, (_, i) => (i % 2 === 0 ? one : two).hold('updating:t', `owner ${i}`, 60_000)),
    );
    expect(held.filter(Boolean)).toHaveLength(1);
    const owner = `owner ${held.indexOf(true)}`;
    await two.release('updating:t', 'another owner');
    expect(await one.renew('updating:t', 'another owner', 60_000)).toBe(false);
    expect(await one.renew('updating:t', owner, 120_000)).toBe(true);
    const raw = new Redis(redis.url);
    const ttl = await raw.pttl(`${prefix}save:updating:t`);
    await raw.quit();
    expect(ttl).toBeGreaterThan(60_000);
    await two.release('updating:t', owner);
    expect(await one.hold('updating:t', 'next', 60_000)).toBe(true);
    await Promise.all([one.close(), two.close()]);
  });

  it('refuses to open with another key than the store was first used with', async () => {
    const prefix = `save-key-${randomBytes(4).toString('hex')}:`;
    const store = await createRedisSaveStore({ url: redis.url, key, prefix });
    await expect(createRedisSaveStore({ url: redis.url, key: randomBytes(32), prefix })).rejects.toBeInstanceOf(StoreKeyMismatchError);
    await store.close();
  });

  it('fails a command at once while Redis is gone, in a few words; the adapter answers that nothing was sent', async () => {
    const own = await redisForTest();
    const store = await createRedisSaveStore({ url: own.url, key });
    const sim = createPlatform();
    const adapter = v2Side(sim, { saveStore: store });
    const { instanceId } = await adapter.startJourney({
      resourceId: `${DATA_CHECK_V1}@latest`,
      context: { config: { async: true }, subject: {} },
    });
    const taskId = (await adapter.listTasks({ instanceId })).tasks[0]?.taskId ?? '';
    await own.stop();

    const direct = await store.get('draft:any').catch((error: unknown) => error);
    expect(direct).toBeInstanceOf(StoreCommandError);
    expect((direct as Error).message).toMatch(/^[\w ]{1,40}$/);
    const update = adapter.updateTask({ intent: 'Complete', instanceId, taskId, context: { subject: { identity: { firstName: 'Ada' } } } });
    const refusal = await update.catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(SaveStoreError);
    expect(refusal).toMatchObject({
      taken: false,
      message: expect.stringContaining(`the save store failed: ${(direct as Error).message}`),
    });
    await store.close();
  });
});
