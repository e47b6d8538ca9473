import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';
import { describe, expect, it, vi } from 'vitest';
import {
  CutoverOptionsError,
  createCutover,
  createMemoryStore,
  createRedisStore,
  type PairingStore,
  SealedSubjectError,
  StoreConnectionError,
  StoreKeyMismatchError,
} from '../src/index.js';
import { createSealer } from '../src/stores/seal.js';
import { storeFailureReason } from '../src/stores/store-failure-reason.js';
import { createPlatform, DATA_CHECK_V1, legacyJourney, v1Side, v2Side } from './harness.js';
import { redisAvailable, redisForSuite, redisForTest } from './redis-server.js';

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

  it('gives held submissions once, oldest first, drafts, tasks and unknown outcomes marked as such', async () => {
    const store = await make();
    await store.hold('instance-1', { subject: { uid: 'draft' }, draft: true }, 60_000);
    await store.hold('instance-1', { subject, draft: false, taskId: 'task-1', uncertain: true }, 60_000);
    await store.hold('instance-1', { subject, draft: false, taskId: 'task-1' }, 60_000);
    expect(await store.take('instance-1')).toEqual([
      { subject: { uid: 'draft' }, draft: true },
      { subject, draft: false, taskId: 'task-1', uncertain: true },
      { subject, draft: false, taskId: 'task-1' },
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
  const redis = redisForSuite();
  const key = randomBytes(32);

  behavesAsAStore(() => createRedisStore({ url: redis.url, key, prefix: `test:${randomBytes(4).toString('hex')}:` }));

  it('writes the key check back to a Redis that restarted empty, so a replica with another key is still refused', async () => {
    const own = await redisForTest();
    const port = Number(new URL(own.url).port);
    const store = await createRedisStore({ url: own.url, key, prefix: 'restarted:' });
    await own.stop();
    const restarted = await redisForTest(port);
    // Once the running store has reconnected: ioredis backs off up to 2 s between attempts.
    const raw = new Redis(restarted.url);
    await vi.waitFor(async () => expect(await raw.get('restarted:key-check')).not.toBeNull(), { timeout: 10_000, interval: 50 });
    await raw.quit();
    await expect(createRedisStore({ url: restarted.url, key: randomBytes(32), prefix: 'restarted:' })).rejects.toBeInstanceOf(
      StoreKeyMismatchError,
    );
    await (await createRedisStore({ url: restarted.url, key, prefix: 'restarted:' })).close();
    await store.close();
  });

  it('holds submissions sealed: no identity data in Redis, and a store given another key does not open', async () => {
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
    await expect(createRedisStore({ url: redis.url, key: randomBytes(32), prefix })).rejects.toBeInstanceOf(StoreKeyMismatchError);
    // The check it is refused by is kept in Redis, and is not the key.
    const reader = new Redis(redis.url);
    const check = await reader.get(`${prefix}key-check`);
    await reader.quit();
    expect(check).toMatch(/^[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(check as string, 'base64').equals(key)).toBe(false);
    // The same key, at another prefix or again at this one, opens.
    await (await createRedisStore({ url: redis.url, key, prefix })).close();
    await (await createRedisStore({ url: redis.url, key: randomBytes(32), prefix: 'sealed-other:' })).close();
    await store.close();
  });

  it('takes held entries one by one: one sealed under another key is answered as unopened, the others kept', async () => {
    const prefix = 'foreign:';
    const store = await createRedisStore({ url: redis.url, key, prefix });
    await store.hold('instance-1', { subject: { uid: 'first' }, draft: false }, 60_000);
    // As a replica given another key held it (started before the key check was there).
    const raw = new Redis(redis.url);
    await raw.rpush(
      `${prefix}held:instance-1`,
      createSealer(randomBytes(32)).seal(JSON.stringify({ subject, draft: false }), 'instance-1'),
    );
    await raw.quit();
    await store.hold('instance-1', { subject: { uid: 'last' }, draft: false }, 60_000);
    const taken = await store.take('instance-1');
    expect(taken).toEqual([
      { subject: { uid: 'first' }, draft: false },
      { unopened: expect.any(SealedSubjectError) },
      { subject: { uid: 'last' }, draft: false },
    ]);
    expect(JSON.stringify(taken)).not.toMatch(/Lovelace/);
    expect(await store.take('instance-1')).toEqual([]);
    await store.close();
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

/** A TCP relay to `port` that holds each of the server's answers `delayMs`: a Redis on a busy host, say. */
async function slowRelay(port: number, delayMs: number): Promise<{ url: string; server: Server }> {
  const server = createServer((client: Socket) => {
    const upstream = connect(port, '127.0.0.1');
    client.pipe(upstream);
    upstream.on('data', (chunk: Buffer) => setTimeout(() => client.writable && client.write(chunk), delayMs));
    const end = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('close', end).on('error', end);
    upstream.on('close', end).on('error', end);
  }).listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { url: `redis://127.0.0.1:${(server.address() as { port: number }).port}`, server };
}

describe.runIf(redisAvailable())('the Redis store refuses to start, saying why', () => {
  const redis = redisForSuite();
  const key = randomBytes(32);

  it('on a URL whose path is not a database number, before connecting', async () => {
    const url = `${redis.url.replace('redis://', 'redis://user:hunter2@')}/abc`;
    const refused = createRedisStore({ url, key });
    await expect(refused).rejects.toBeInstanceOf(CutoverOptionsError);
    await expect(refused).rejects.toThrow('the store URL\'s path "/abc" is not a database number');
    await expect(refused).rejects.not.toThrow('hunter2');
  });

  it('on a database the server does not have, rather than writing to database 0', async () => {
    const refused = createRedisStore({ url: `${redis.url}/99`, key });
    await expect(refused).rejects.toBeInstanceOf(StoreConnectionError);
    await expect(refused).rejects.toMatchObject({
      problem: 'database',
      message: 'Redis refused database 99: ERR DB index is out of range',
    });
  });

  it('on credentials refused or missing, never showing the password', async () => {
    const guarded = await redisForTest();
    try {
      const raw = new Redis(guarded.url);
      await raw.config('SET', 'requirepass', 'right-password');
      raw.disconnect();
      const wrong = createRedisStore({ url: guarded.url.replace('redis://', 'redis://:wrong-password@'), key });
      await expect(wrong).rejects.toMatchObject({ name: 'StoreConnectionError', problem: 'credentials' });
      await expect(wrong).rejects.toThrow(/^Redis refused the credentials: WRONGPASS/);
      await expect(wrong).rejects.not.toThrow('wrong-password');
      const none = createRedisStore({ url: guarded.url, key });
      await expect(none).rejects.toMatchObject({ problem: 'credentials', message: expect.stringContaining('(NOAUTH)') });
      const store = await createRedisStore({ url: `${guarded.url.replace('redis://', 'redis://:right-password@')}/3`, key });
      await store.close();
    } finally {
      await guarded.stop();
    }
  });

  it("on a closed port, as unreachable with the socket's reason", async () => {
    const closed = await redisForTest();
    await closed.stop();
    await expect(createRedisStore({ url: closed.url, key })).rejects.toMatchObject({
      problem: 'unreachable',
      message: expect.stringMatching(/^cannot reach Redis: connect ECONNREFUSED/),
    });
  });

  it('on rediss:// to a Redis without TLS, as a TLS mismatch once its connection bound is out', async () => {
    const refused = createRedisStore({ url: redis.url.replace('redis://', 'rediss://'), key, connectTimeoutMs: 300 });
    await expect(refused).rejects.toMatchObject({ problem: 'tls', message: expect.stringContaining('rediss://') });
  });

  it("gives the first connection its own bound, not the command timeout of a caller's path", async () => {
    const relay = await slowRelay(Number(new URL(redis.url).port), 150);
    try {
      const store = await createRedisStore({ url: relay.url, key, commandTimeoutMs: 100, connectTimeoutMs: 5000 });
      // Once started, a command gets the command timeout.
      await expect(store.placementOf('instance-1')).rejects.toThrow('Command timed out');
      await store.close();
    } finally {
      relay.server.close();
    }
  });
});

describe.runIf(redisAvailable())('a Redis store failing while the cutover runs', () => {
  it('is logged as a store failure with a short reason, not as an "Error" of the shadow', async () => {
    const redis = await redisForTest();
    const store = await createRedisStore({ url: redis.url, key: randomBytes(32), commandTimeoutMs: 200 });
    await redis.stop();
    const logged: { message: string; fields: unknown }[] = [];
    const sim = createPlatform();
    const cutover = createCutover({
      v1: v1Side(sim),
      v2: v2Side(sim),
      mappings: [{ name: 'data-check', v1: DATA_CHECK_V1, v2: 'b2e8d4a1data-check-v2', stage: { kind: 'shadow', sample: 1 } }],
      store,
      logger: { warn: () => {}, error: (message, fields) => logged.push({ message, fields }) },
      shadow: { pollIntervalMs: 2, timeoutMs: 10_000 },
    });
    try {
      const answers = await legacyJourney(cutover, { advance: async () => sim.core.clock.advance(500) });
      expect((answers.at(-1) as { status: string }).status).toBe('Completed');
      await sleep(20);
      const storeFailures = logged.filter(({ fields }) => (fields as { part?: string }).part === 'store');
      expect(storeFailures.length).toBeGreaterThan(0);
      for (const { message, fields } of storeFailures) {
        expect(message).toBe('cutover: store failure kept off the caller’s path');
        expect(fields).toMatchObject({ part: 'store', reason: expect.stringMatching(/^(connection closed|not connected|ECONNREFUSED)$/) });
      }
    } finally {
      await cutover.close();
    }
  });
});

describe('the reason a store failure is logged with', () => {
  it('is a code or a few words, never the words of a reply, which may echo what was sent', () => {
    const reply = Object.assign(new Error("ERR unknown command 'x', with args beginning with: 'Lovelace'"), { name: 'ReplyError' });
    expect(storeFailureReason(reply)).toBe('ERR');
    expect(storeFailureReason(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:6379'), { code: 'ECONNREFUSED' }))).toBe(
      'ECONNREFUSED',
    );
    expect(storeFailureReason(new Error('Connection is closed.'))).toBe('connection closed');
    expect(storeFailureReason(new Error('Command timed out'))).toBe('command timed out');
    expect(storeFailureReason(new SealedSubjectError('a held submission did not open'))).toBe('SealedSubjectError');
  });
});
