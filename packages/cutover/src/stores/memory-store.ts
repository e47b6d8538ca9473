import type { HeldSubmission, PairingStore, Placement, StageOverride } from '../types.js';

/** Options of `createMemoryStore`. */
export interface MemoryStoreOptions {
  /** Clock of the TTLs, epoch ms. @default Date.now */
  now?: () => number;
  /** How often expired entries are swept away, ms. @default 60000 */
  sweepIntervalMs?: number;
}

interface Expiring<T> {
  value: T;
  expiresAt: number;
}

/**
 * The pairing store of one process: plain maps with TTLs. Held submissions stay in this process's memory, so they
 * are not encrypted; use the Redis store when several replicas serve one journey.
 */
export function createMemoryStore({ now = Date.now, sweepIntervalMs = 60_000 }: MemoryStoreOptions = {}): PairingStore {
  const placements = new Map<string, Expiring<Placement>>();
  const held = new Map<string, Expiring<HeldSubmission[]>>();
  const counters = new Map<string, Expiring<number>>();
  const overrides = new Map<string, StageOverride>();

  const live = <T>(map: Map<string, Expiring<T>>, key: string): T | undefined => {
    const entry = map.get(key);
    if (entry === undefined) return undefined;
    if (entry.expiresAt > now()) return entry.value;
    map.delete(key);
    return undefined;
  };
  const sweep = () => {
    const at = now();
    for (const map of [placements, held, counters] as Map<string, Expiring<unknown>>[]) {
      for (const [key, entry] of map) if (entry.expiresAt <= at) map.delete(key);
    }
  };
  const sweeper = setInterval(sweep, sweepIntervalMs).unref();

  return {
    async place(instanceId, placement, ttlMs) {
      placements.set(instanceId, { value: placement, expiresAt: now() + ttlMs });
    },
    async placementOf(instanceId) {
      return live(placements, instanceId);
    },
    async hold(primaryInstanceId, submission, ttlMs) {
      const submissions = live(held, primaryInstanceId) ?? [];
      // Structured-cloned: a caller changing its object afterwards must not change what the shadow is given.
      held.set(primaryInstanceId, { value: [...submissions, structuredClone(submission)], expiresAt: now() + ttlMs });
    },
    async take(primaryInstanceId) {
      const submissions = live(held, primaryInstanceId) ?? [];
      held.delete(primaryInstanceId);
      return submissions;
    },
    async increment(key, ttlMs) {
      const count = (live(counters, key) ?? 0) + 1;
      const expiresAt = counters.get(key)?.expiresAt ?? now() + ttlMs;
      counters.set(key, { value: count, expiresAt });
      return count;
    },
    async overrideOf(mapping) {
      return overrides.get(mapping);
    },
    async setOverride(mapping, override) {
      overrides.set(mapping, override);
    },
    async close() {
      clearInterval(sweeper);
    },
  };
}
