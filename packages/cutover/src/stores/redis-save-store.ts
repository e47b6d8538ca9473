import type { SaveStore } from '@journey-bridge/contract';
import { StoreCommandError } from '../errors/store-command-error.js';
import { connectRedis, type RedisStoreOptions } from './redis-connection.js';
import { storeFailureReason } from './store-failure-reason.js';

/** The adapter's save store shared by several replicas, in Redis, so that a journey's `Save` and `Complete` may reach different ones. */
export interface RedisSaveStore extends SaveStore {
  /** Closes the connection: the store is not used again. */
  close(): Promise<void>;
}

/** Extends a hold only if its owner still has it: a read and a write in one step. */
const RENEW = "if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end return 0";
/** Deletes a hold only if its owner still has it. */
const RELEASE = "if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0";

/**
 * The adapter's save store in Redis: values sealed with AES-256-GCM under `key` (bound to their full key, so a value
 * moved to another key does not open), expiring with Redis TTLs; holds on tasks kept as their owner ids, which say
 * nothing of a subject. Opens as `createRedisStore` does, with a key check of its own at its own prefix: connected,
 * authenticated and on its database (else `StoreConnectionError`), or `StoreKeyMismatchError`. A failed command
 * rejects with `StoreCommandError` saying why in a few words.
 */
export async function createRedisSaveStore({ prefix = 'journey-bridge:adapter:', ...options }: RedisStoreOptions): Promise<RedisSaveStore> {
  const { redis, sealer } = await connectRedis({ ...options, prefix });
  // Sealed for its full name: a value copied to another key, or to another store's, does not open.
  const place = (key: string) => `${prefix}save:${key}`;
  const commanded = async <T>(command: () => Promise<T>): Promise<T> => {
    try {
      return await command();
    } catch (error) {
      throw new StoreCommandError(storeFailureReason(error), { cause: error });
    }
  };
  return {
    get: (key) =>
      commanded(async () => {
        const sealed = await redis.get(`save:${key}`);
        return sealed === null ? undefined : sealer.open(sealed, place(key));
      }),
    set: (key, value, ttlMs) =>
      commanded(async () => {
        await redis.set(`save:${key}`, sealer.seal(value, place(key)), 'PX', ttlMs);
      }),
    // An owner is a random id, no subject's data: held as it is, so that a script can compare it.
    hold: (key, owner, ttlMs) => commanded(async () => (await redis.set(`save:${key}`, owner, 'PX', ttlMs, 'NX')) === 'OK'),
    renew: (key, owner, ttlMs) => commanded(async () => (await redis.eval(RENEW, 1, `save:${key}`, owner, ttlMs)) === 1),
    release: (key, owner) =>
      commanded(async () => {
        await redis.eval(RELEASE, 1, `save:${key}`, owner);
      }),
    delete: (key) =>
      commanded(async () => {
        await redis.del(`save:${key}`);
      }),
    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
