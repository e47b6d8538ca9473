import { Redis } from 'ioredis';
import type { HeldSubmission, PairingStore, Placement, StageOverride } from '../types.js';
import { createSealer } from './seal.js';

/** Options of `createRedisStore`. */
export interface RedisStoreOptions {
  /** `redis://[user:password@]host:port[/db]` (or `rediss://` for TLS). */
  url: string;
  /** 32 bytes: held submissions are sealed with AES-256-GCM under it. Give every replica the same key. */
  key: Uint8Array;
  /** Prefix of every key this store writes. @default 'journey-bridge:cutover:' */
  prefix?: string;
  /** Longest wait for one command, ms: a slow Redis must not hold a caller's request. @default 500 */
  commandTimeoutMs?: number;
}

/**
 * The pairing store shared by several replicas, in Redis. Placements, held submissions and counters expire with
 * Redis TTLs; held submissions are sealed before they leave the process. Connects before it resolves, and fails
 * commands at once while disconnected rather than queueing them behind a caller.
 */
export async function createRedisStore({
  url,
  key,
  prefix = 'journey-bridge:cutover:',
  commandTimeoutMs = 500,
}: RedisStoreOptions): Promise<PairingStore> {
  const sealer = createSealer(key);
  const redis = new Redis(url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    commandTimeout: commandTimeoutMs,
    keyPrefix: prefix,
  });
  // Failures reach the commands that meet them; an unhandled 'error' event would end the process.
  redis.on('error', () => {});
  try {
    await redis.connect();
  } catch (error) {
    // Else ioredis keeps reconnecting, and its timers keep a process that could not start from exiting.
    redis.disconnect();
    throw error;
  }

  return {
    async place(instanceId, placement, ttlMs) {
      await redis.set(`placement:${instanceId}`, JSON.stringify(placement), 'PX', ttlMs);
    },
    async placementOf(instanceId) {
      const text = await redis.get(`placement:${instanceId}`);
      return text === null ? undefined : (JSON.parse(text) as Placement);
    },
    async hold(primaryInstanceId, submission, ttlMs) {
      const sealed = sealer.seal(JSON.stringify(submission), primaryInstanceId);
      await redis.multi().rpush(`held:${primaryInstanceId}`, sealed).pexpire(`held:${primaryInstanceId}`, ttlMs).exec();
    },
    async take(primaryInstanceId) {
      // One transaction: a submission held between the read and the delete would otherwise be lost.
      const results = await redis.multi().lrange(`held:${primaryInstanceId}`, 0, -1).del(`held:${primaryInstanceId}`).exec();
      const [failure, sealed] = results?.[0] ?? [null, []];
      if (failure) throw failure;
      return (sealed as string[]).map((entry) => heldSubmission(JSON.parse(sealer.open(entry, primaryInstanceId))));
    },
    async increment(counter, ttlMs) {
      const results = await redis.multi().set(`count:${counter}`, 0, 'PX', ttlMs, 'NX').incr(`count:${counter}`).exec();
      const [failure, count] = results?.[1] ?? [null, 0];
      if (failure) throw failure;
      return count as number;
    },
    async overrideOf(mapping) {
      const text = await redis.get(`override:${mapping}`);
      return text === null ? undefined : (JSON.parse(text) as StageOverride);
    },
    async setOverride(mapping, override) {
      await redis.set(`override:${mapping}`, JSON.stringify(override));
    },
    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}

/**
 * An entry as held: `{ subject, draft }`, or a bare subject as replicas held it before drafts were marked (a
 * rolling deploy shares the keys), which was a completed submission.
 */
function heldSubmission(entry: unknown): HeldSubmission {
  const { subject, draft } = (entry ?? {}) as Partial<HeldSubmission>;
  const marked = typeof draft === 'boolean' && typeof subject === 'object' && subject !== null;
  return marked ? { subject, draft } : { subject: (entry ?? {}) as Record<string, unknown>, draft: false };
}
