import type { SaveStore } from '@journey-bridge/contract';

export type { SaveStore };

/** Options of `createMemorySaveStore`. */
export interface MemorySaveStoreOptions {
  /**
   * Characters of keys and values held together (document images travel base64 in drafts): the oldest go first.
   * Holds on tasks are kept apart, never pushed out. @default 64 Mi (67,108,864) characters
   */
  capacityChars?: number;
  /** Clock of the entries' time to live, epoch ms. @default Date.now */
  now?: () => number;
}

interface Entry {
  readonly value: string;
  readonly expiresAt: number;
}

/**
 * A `SaveStore` in this process: the adapter's default. Through several replicas it is only where the `Save` ran
 * (elsewhere the `Complete` lacks what the `Save` left, and v2 refuses it as incomplete); give the replicas one
 * shared store instead.
 */
export function createMemorySaveStore({ capacityChars = 64 * 1024 * 1024, now = Date.now }: MemorySaveStoreOptions = {}): SaveStore {
  const entries = new Map<string, Entry>();
  // Apart from the values, outside the capacity: a large draft must never push out an update's hold on its task.
  const holds = new Map<string, Entry>();
  let size = 0;
  const remove = (key: string) => {
    const entry = entries.get(key);
    if (entry === undefined) return;
    entries.delete(key);
    size -= key.length + entry.value.length;
  };
  const live = (key: string): Entry | undefined => {
    const entry = entries.get(key);
    if (entry === undefined || now() <= entry.expiresAt) return entry;
    remove(key);
    return undefined;
  };
  const holder = (key: string): string | undefined => {
    const hold = holds.get(key);
    if (hold !== undefined && now() > hold.expiresAt) holds.delete(key);
    return holds.get(key)?.value;
  };
  // No method awaits inside: each runs to its end before another starts, so each is one step.
  return {
    async get(key) {
      return live(key)?.value;
    },
    async set(key, value, ttlMs) {
      remove(key);
      entries.set(key, { value, expiresAt: now() + ttlMs });
      size += key.length + value.length;
      // Insertion order is age order: a replaced entry was removed above, so it counts as new.
      for (const oldest of entries.keys()) {
        if (size <= capacityChars) break;
        remove(oldest);
      }
    },
    async delete(key) {
      remove(key);
    },
    async hold(key, owner, ttlMs) {
      if (holder(key) !== undefined) return false;
      holds.set(key, { value: owner, expiresAt: now() + ttlMs });
      return true;
    },
    async renew(key, owner, ttlMs) {
      if (holder(key) !== owner) return false;
      holds.set(key, { value: owner, expiresAt: now() + ttlMs });
      return true;
    },
    async release(key, owner) {
      if (holder(key) === owner) holds.delete(key);
    },
  };
}

/**
 * A kept value read back, failing without quoting it (JSON.parse's message does): it holds the subject's data. A
 * plain `TypeError`, as every store failure is: the adapter gives each as `SaveStoreError`, saying why in its message.
 */
export function parseKept<T>(text: string): T {
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new TypeError('a value the save store kept is not JSON');
  }
}
