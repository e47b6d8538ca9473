/**
 * Where the adapter keeps what a `Save` left for its task's later updates (v2 has no drafts): the part of an
 * element it could not submit, and the tasks it completed. A key holds one value or a list, never both. Values are
 * JSON text holding the subject's data, so a store shared between processes must keep them sealed, never in the
 * clear. Any method may reject: the adapter then answers 503, saying whether the update was taken. A rejection's
 * message is shown to the caller and logged, so it must name no value, key or URL (`createRedisSaveStore` of
 * `@journey-bridge/cutover` is one such store).
 */
export interface SaveStore {
  /** The value kept under `key`, or `undefined` when there is none or it expired. */
  get(key: string): Promise<string | undefined>;
  /** Keeps `value` under `key` for `ttlMs`, replacing what was there. */
  set(key: string, value: string, ttlMs: number): Promise<void>;
  /** Forgets the value or list under `key`. */
  delete(key: string): Promise<void>;
  /**
   * Adds `value` at the end of the list under `key`, in one step however many add at once (two Saves of one task
   * through two replicas), and gives the list `ttlMs` to live from now.
   */
  append(key: string, value: string, ttlMs: number): Promise<void>;
  /** The list under `key`, oldest first: empty when there is none or it expired. */
  list(key: string): Promise<string[]>;
  /** Drops the oldest `count` values of the list under `key`, in one step: any added since they were listed stay. */
  dropOldest(key: string, count: number): Promise<void>;
}

/** Options of `createMemorySaveStore`. */
export interface MemorySaveStoreOptions {
  /** Characters of keys and values held together (document images travel base64 in drafts): the oldest go first. @default 64 MiB */
  capacityChars?: number;
  /** Clock of the entries' time to live, epoch ms. @default Date.now */
  now?: () => number;
}

interface Entry {
  /** One value, or a list's values in order. */
  readonly values: readonly string[];
  readonly expiresAt: number;
}

/**
 * A `SaveStore` in this process: the adapter's default. Through several replicas it is only where the `Save` ran
 * (elsewhere the `Complete` lacks what the `Save` left, and v2 refuses it as incomplete); give the replicas one
 * shared store instead.
 */
export function createMemorySaveStore({ capacityChars = 64 * 1024 * 1024, now = Date.now }: MemorySaveStoreOptions = {}): SaveStore {
  const entries = new Map<string, Entry>();
  let size = 0;
  const sizeOf = (key: string, values: readonly string[]) => values.reduce((sum, value) => sum + value.length, key.length);
  const remove = (key: string) => {
    const entry = entries.get(key);
    if (entry === undefined) return;
    entries.delete(key);
    size -= sizeOf(key, entry.values);
  };
  const live = (key: string): Entry | undefined => {
    const entry = entries.get(key);
    if (entry === undefined || now() <= entry.expiresAt) return entry;
    remove(key);
    return undefined;
  };
  const put = (key: string, values: readonly string[], ttlMs: number) => {
    remove(key);
    if (values.length === 0) return;
    entries.set(key, { values, expiresAt: now() + ttlMs });
    size += sizeOf(key, values);
    // Insertion order is age order: a replaced entry was removed above, so it counts as new.
    for (const oldest of entries.keys()) {
      if (size <= capacityChars) break;
      remove(oldest);
    }
  };
  // Each method runs to its end before another starts (no await inside): an append or a drop is one step.
  return {
    async get(key) {
      return live(key)?.values[0];
    },
    async set(key, value, ttlMs) {
      put(key, [value], ttlMs);
    },
    async delete(key) {
      remove(key);
    },
    async append(key, value, ttlMs) {
      put(key, [...(live(key)?.values ?? []), value], ttlMs);
    },
    async list(key) {
      return [...(live(key)?.values ?? [])];
    },
    async dropOldest(key, count) {
      const entry = live(key);
      if (entry) put(key, entry.values.slice(count), entry.expiresAt - now());
    },
  };
}

/** A kept value read back, failing without quoting it (JSON.parse's message does): it holds the subject's data. */
export function parseKept<T>(text: string): T {
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new TypeError('a value the save store kept is not JSON');
  }
}
