import { Redis } from 'ioredis';
import { CutoverOptionsError } from '../errors/cutover-options-error.js';
import { StoreConnectionError, type StoreConnectionProblem } from '../errors/store-connection-error.js';
import { StoreKeyMismatchError } from '../errors/store-key-mismatch-error.js';
import { createSealer, type Sealer } from './seal.js';

/** Options of the stores in Redis (`createRedisStore`, `createRedisSaveStore`). */
export interface RedisStoreOptions {
  /** `redis://[user:password@]host:port[/db]` (or `rediss://` for TLS); `db` a whole number, else database 0. */
  url: string;
  /**
   * 32 bytes: what the store holds of a subject (held submissions, Save drafts) is sealed with AES-256-GCM under it.
   * Give every replica the same key: the first to use the store (at `prefix`) leaves a check of it there (written
   * back on reconnecting to a Redis that lost it), and a store given another key refuses to open.
   */
  key: Uint8Array;
  /** Prefix of every key this store writes. @default 'journey-bridge:cutover:' (pairing), 'journey-bridge:adapter:' (Save) */
  prefix?: string;
  /** Longest wait for one command, ms: a slow Redis must not hold a caller's request. @default 500 */
  commandTimeoutMs?: number;
  /**
   * Longest wait for the first connection, ms, its handshake (AUTH, SELECT) included: longer than a command's,
   * as replicas starting together on a busy host share one Redis. @default 10000
   */
  connectTimeoutMs?: number;
}

/** A connection ready for commands, and the sealer of the store's key. */
export interface RedisConnection {
  readonly redis: Redis;
  readonly sealer: Sealer;
}

/**
 * Connects, authenticated and on its database, before it resolves (else `StoreConnectionError`, with the server's
 * reason), and fails commands at once while disconnected rather than queueing them behind a caller. Rejects with
 * `StoreKeyMismatchError` when the store was first used with another key.
 */
export async function connectRedis({
  url,
  key,
  prefix,
  commandTimeoutMs = 500,
  connectTimeoutMs = 10_000,
}: RedisStoreOptions & { prefix: string }): Promise<RedisConnection> {
  const sealer = createSealer(key);
  const db = databaseOf(url);
  const redis = new Redis(url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: connectTimeoutMs,
    keyPrefix: prefix,
  });
  // Failures reach the commands that meet them; an unhandled 'error' event would end the process.
  redis.on('error', () => {});
  // While connecting, the events are the only word of why: ioredis rejects with "Connection is closed." whatever
  // the cause, and goes ready on database 0 after a SELECT the server refused.
  let refused: unknown;
  const remember = (error: unknown) => {
    refused ??= error;
  };
  redis.on('error', remember);
  let timer: NodeJS.Timeout | undefined;
  try {
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(lateError(redis.status, url, connectTimeoutMs)), connectTimeoutMs);
    });
    await Promise.race([redis.connect(), late]);
    if (refused !== undefined) throw refused;
  } catch (error) {
    // Else ioredis keeps reconnecting, and its timers keep a process that could not start from exiting.
    redis.disconnect();
    throw connectionError(refused ?? error, db);
  } finally {
    clearTimeout(timer);
    redis.off('error', remember);
  }
  try {
    await checkKey(redis, sealer.keyCheck, prefix);
  } catch (error) {
    redis.disconnect();
    throw error;
  }
  // The handshake above had the connection's bound; from here each command has a caller waiting on it.
  redis.options.commandTimeout = commandTimeoutMs;
  // A Redis that restarted empty has lost the check: written back at once, a replica given another key that starts
  // later is refused again, instead of writing its own and then locking out every replica with the right key.
  redis.on('ready', () => {
    redis.set('key-check', sealer.keyCheck, 'NX').catch(() => {});
  });

  return { redis, sealer };
}

/**
 * A replica with another key would hold what no other replica can open, and be unable to open what they hold: the
 * first one to use the store leaves a check of its key there (never the key), and one whose check differs refuses.
 */
async function checkKey(redis: Redis, keyCheck: string, prefix: string): Promise<void> {
  const results = await redis.multi().set('key-check', keyCheck, 'NX').get('key-check').exec();
  const [failure, check] = results?.[1] ?? [null, null];
  if (failure) throw failure;
  if (check !== keyCheck)
    throw new StoreKeyMismatchError(
      `this store (prefix ${JSON.stringify(prefix)}) was first used with another key: every replica sharing a store needs the same key`,
    );
}

/** The database the URL names, checked here: ioredis would send `SELECT NaN` for `/abc`, and the server refuse it. */
function databaseOf(url: string): number {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new CutoverOptionsError('the store URL does not parse: expected redis://[user:password@]host:port[/db]');
  }
  if (parsed.protocol !== 'redis:' && parsed.protocol !== 'rediss:')
    throw new CutoverOptionsError(`the store URL is ${parsed.protocol}//…: expected redis:// or rediss://`);
  const path = parsed.pathname;
  if (!/^\/?(\d{1,9})?$/.test(path))
    throw new CutoverOptionsError(`the store URL's path ${JSON.stringify(path)} is not a database number: expected /0, /1, … or none`);
  return Number(path.slice(1));
}

/** The first connection took too long: at the socket, or at the handshake (a plain Redis says nothing to a TLS hello). */
function lateError(status: string, url: string, timeoutMs: number): StoreConnectionError {
  if (status !== 'connecting') return new StoreConnectionError('unreachable', `Redis did not answer within ${timeoutMs} ms`);
  if (url.startsWith('rediss:'))
    return new StoreConnectionError('tls', `no TLS handshake within ${timeoutMs} ms: a Redis without TLS, reached by rediss://?`);
  return new StoreConnectionError('unreachable', `cannot reach Redis: no connection within ${timeoutMs} ms`);
}

/** Why the first connection failed, in words: the server's reply where it gave one, never the URL. */
function connectionError(error: unknown, db: number): StoreConnectionError {
  if (error instanceof StoreConnectionError) return error;
  const message = error instanceof Error ? error.message : String(error);
  const { code, command } = (error ?? {}) as { code?: unknown; command?: { name?: unknown } };
  const failure = (problem: StoreConnectionProblem, why: string) => new StoreConnectionError(problem, why, { cause: error });
  if (command?.name === 'select') return failure('database', `Redis refused database ${db}: ${message}`);
  if (message.startsWith('NOAUTH'))
    return failure('credentials', 'Redis asks for credentials the URL does not give (NOAUTH): give them as redis://[user]:password@host');
  if (/^WRONGPASS\b|invalid password|invalid username-password/i.test(message))
    return failure('credentials', `Redis refused the credentials: ${message}`);
  if ((typeof code === 'string' && /SSL|TLS|CERT/.test(code)) || /\b(SSL|TLS)\b|certificate/i.test(message))
    return failure('tls', `no TLS as rediss:// asks, or a certificate refused: ${message}`);
  // What a TLS port does with a plain client's first command, say; the reason of a refused socket came as an event.
  if (message === 'Connection is closed.')
    return failure('unreachable', 'Redis closed the connection before it was ready (a TLS port reached by redis:// does)');
  return failure('unreachable', `cannot reach Redis: ${message}`);
}
