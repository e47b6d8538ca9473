import { SealedSubjectError } from '../errors/sealed-subject-error.js';
import type { HeldSubmission, PairingStore, Placement, StageOverride, UnopenedSubmission } from '../types.js';
import { connectRedis, type RedisStoreOptions } from './redis-connection.js';

/**
 * The pairing store shared by several replicas, in Redis. Placements, held submissions and counters expire with
 * Redis TTLs; held submissions are sealed before they leave the process. Resolves once connected, authenticated and
 * on its database (else `StoreConnectionError`, with the server's reason, within `connectTimeoutMs`), and rejects
 * with `StoreKeyMismatchError` when the store (at `prefix`) was first used with another key. Fails commands at once
 * while disconnected, each within `commandTimeoutMs`, rather than queueing them behind a caller.
 */
export async function createRedisStore({ prefix = 'journey-bridge:cutover:', ...options }: RedisStoreOptions): Promise<PairingStore> {
  const { redis, sealer } = await connectRedis({ ...options, prefix });
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
      // One by one: an entry that does not open (another key sealed it) is answered as such, and the rest are kept.
      return (sealed as string[]).map((entry): HeldSubmission | UnopenedSubmission => {
        try {
          return heldSubmission(JSON.parse(sealer.open(entry, primaryInstanceId)));
        } catch (error) {
          // Not the parser's error: its message may quote the entry.
          return { unopened: error instanceof SealedSubjectError ? error : new SealedSubjectError('a held submission did not parse') };
        }
      });
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
  const { subject, draft, taskId, uncertain } = (entry ?? {}) as Partial<HeldSubmission>;
  const marked = typeof draft === 'boolean' && typeof subject === 'object' && subject !== null;
  if (!marked) return { subject: (entry ?? {}) as Record<string, unknown>, draft: false };
  return { subject, draft, ...(typeof taskId === 'string' && { taskId }), ...(uncertain === true && { uncertain }) };
}
