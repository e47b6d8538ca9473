import {
  createMemoryStore,
  createRedisSaveStore,
  createRedisStore,
  type PairingStore,
  type RedisSaveStore,
  StoreKeyMismatchError,
} from '@journey-bridge/cutover';
import type { ShimConfig } from './config.js';
import { ShimError } from './errors/shim-error.js';

/**
 * The shared store the configuration names cannot be used: it cannot be reached, or refused the credentials or the
 * database, or does not speak TLS as the URL says. The shim cannot start.
 */
export class StoreUnreachableError extends ShimError {
  override name = 'StoreUnreachableError';
}

/** The store the configuration names: `--store` over the cutover file's `store`, else memory. */
const storeOf = (config: ShimConfig): string => config.store ?? config.cutover?.store ?? 'memory';

/** `open` over the configured Redis with the store key, its failures said as the shim says them. */
async function openRedis<T>(config: ShimConfig, open: (options: { url: string; key: Buffer }) => Promise<T>): Promise<T> {
  const url = storeOf(config);
  try {
    return await open({ url, key: Buffer.from(config.storeKey ?? '', 'base64') });
  } catch (error) {
    // Reached, and refused: another replica's key is the store's.
    if (error instanceof StoreKeyMismatchError) throw error;
    const shown = new URL(url);
    if (shown.password) shown.password = '***';
    // The library's reason names no URL and gives the server's words (ECONNREFUSED, WRONGPASS, the database refused).
    throw new StoreUnreachableError(`cannot use the store ${shown.href}: ${(error as Error).message}`, { cause: error });
  }
}

/** The cutover's pairing store: in Redis when the configuration names one, else in memory. */
export async function openPairingStore(config: ShimConfig): Promise<PairingStore> {
  return storeOf(config) === 'memory' ? createMemoryStore() : openRedis(config, createRedisStore);
}

/**
 * The adapter's save store (what a `Save` left for its task's `Complete`) in the Redis the configuration names, so
 * that replicas behind a load balancer without affinity serve a form of pages; `undefined` for memory, where the
 * adapter keeps its own.
 */
export async function openSaveStore(config: ShimConfig): Promise<RedisSaveStore | undefined> {
  return storeOf(config) === 'memory' ? undefined : openRedis(config, createRedisSaveStore);
}
