import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryStore, createRedisStore, type PairingStore, SealedSubjectError } from '../src/index.js';
import { createSealer } from '../src/stores/seal.js';
import { redisAvailable, startRedis, type TestRedis } from './redis-server.js';

const subject = {
  identity: { firstName: 'Ada', lastNames: ['Lovelace'], dateOfBirth: '1990-12-10', idNumbers: [{ type: 'SSN', value: '123-45-6789' }] },
};
const placement = { side: 'v2', mapping: 'data-check', stage: 'live', mirrored: true } as const;

/** What every pairing store does, in memory or in Redis. */
function behavesAsAStore(make: () => Promise<PairingStore>) {
  it('keeps placements and overrides, and counts', async () => {
    const store = await make();
    await store.place('instance-1', placement, 60_000);
    expect(await store.placementOf('instance-1')).toEqual(placement);
    expect(await store.placementOf('instance-2')).toBeUndefined();
    expect([await store.increment('daily', 60_000), await store.increment('daily', 60_000)]).toEqual([1, 2]);
    const override = {
      stage: { kind: 'v1' },
      from: { kind: 'shadow', sample: 1 },
      reason: 'kill',
      at: '2025-01-01T00:00:00.000Z',
    } as const;
    await store.setOverride('data-check', override);
    expect(await store.overrideOf('data-check')).toEqual(override);
    await store.close();
  });

  it('gives held submissions once, oldest first, drafts marked as such', async () => {
    const store = await make();
    await store.hold('instance-1', { subject: { uid: 'draft' }, draft: true }, 60_000);
    await store.hold('instance-1', { subject, draft: false }, 60_000);
    expect(await store.take('instance-1')).toEqual([
      { subject: { uid: 'draft' }, draft: true },
      { subject, draft: false },
    ]);
    expect(await store.take('instance-1')).toEqual([]);
    await store.close();
  });
}

describe('the memory store', () => {
  behavesAsAStore(async () => createMemoryStore());

  it('forgets entries past their TTL', async () => {
    let now = 0;
    const store = createMemoryStore({ now: () => now });
    await store.place('instance-1', placement, 1000);
    await store.hold('instance-1', { subject, draft: false }, 1000);
    now = 1000;
    expect(await store.placementOf('instance-1')).toBeUndefined();
    expect(await store.take('instance-1')).toEqual([]);
    await store.close();
  });
});

describe.runIf(redisAvailable())('the Redis store, on a redis-server of its own', () => {
  let redis: TestRedis;
  const key = randomBytes(32);
  beforeAll(async () => {
    redis = await startRedis();
  });
  afterAll(async () => {
    await redis?.stop();
  });

  behavesAsAStore(() => createRedisStore({ url: redis.url, key, prefix: `test:${randomBytes(4).toString('hex')}:` }));

  it('holds submissions sealed: no identity data in Redis, and another key cannot open them', async () => {
    const prefix = 'sealed:';
    const store = await createRedisStore({ url: redis.url, key, prefix });
    await store.hold('instance-1', { subject, draft: false }, 60_000);
    const raw = new Redis(redis.url);
    const stored = (await raw.lrange(`${prefix}held:instance-1`, 0, -1)).join('');
    const ttl = await raw.pttl(`${prefix}held:instance-1`);
    await raw.quit();
    expect(stored).not.toMatch(/Lovelace|123-45-6789|1990/);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(60_000);
    const stranger = await createRedisStore({ url: redis.url, key: randomBytes(32), prefix });
    await expect(stranger.take('instance-1')).rejects.toBeInstanceOf(SealedSubjectError);
    await Promise.all([store.close(), stranger.close()]);
  });

  it('reads a submission a replica of the version before drafts held, bare, as a completed one', async () => {
    const prefix = 'rolling:';
    const store = await createRedisStore({ url: redis.url, key, prefix });
    // As that version held it: the subject alone, sealed under the same key, in the same list.
    const raw = new Redis(redis.url);
    await raw.rpush(`${prefix}held:instance-1`, createSealer(key).seal(JSON.stringify(subject), 'instance-1'));
    await raw.quit();
    await store.hold('instance-1', { subject: { uid: 'draft' }, draft: true }, 60_000);
    expect(await store.take('instance-1')).toEqual([
      { subject, draft: false },
      { subject: { uid: 'draft' }, draft: true },
    ]);
    await store.close();
  });

  it('lets entries expire with Redis TTLs', async () => {
    const prefix = 'ttl:';
    const store = await createRedisStore({ url: redis.url, key, prefix });
    await store.place('instance-1', placement, 60_000);
    await store.increment('daily', 60_000);
    const raw = new Redis(redis.url);
    const ttls = [await raw.pttl(`${prefix}placement:instance-1`), await raw.pttl(`${prefix}count:daily`)];
    await raw.quit();
    for (const ttl of ttls) expect(ttl).toBeGreaterThan(0);
    await store.close();
  });

  it('refuses a key that is not 32 bytes', async () => {
    await expect(createRedisStore({ url: redis.url, key: randomBytes(16) })).rejects.toThrow('32 bytes');
  });
});
