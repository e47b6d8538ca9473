/**
 * Where the adapter (`@journey-bridge/adapter`) keeps what a `Save` left for its task's later updates (v2 has no
 * drafts): the part of an element it could not submit, and the tasks it completed; and which task an update is
 * under way for, so that a task's updates run one at a time through every process sharing the store, as v1 took
 * them. Values are JSON text holding the subject's data, so a store shared between processes must keep them sealed,
 * never in the clear. Any method may reject: the adapter then answers 503, saying whether the update was taken. A
 * rejection's message is shown to the caller and logged, so it must name no value, key or URL. The adapter's
 * `createMemorySaveStore` and the cutover's `createRedisSaveStore` implement it; it lives here, in the package both
 * depend on, as neither depends on the other.
 */
export interface SaveStore {
  /** The value kept under `key`, or `undefined` when there is none or it expired. */
  get(key: string): Promise<string | undefined>;
  /** Keeps `value` under `key` for `ttlMs`, replacing what was there. */
  set(key: string, value: string, ttlMs: number): Promise<void>;
  /** Holds `key` for `owner` for `ttlMs` if nobody holds it, in one step: `true` when it is now `owner`'s. */
  hold(key: string, owner: string, ttlMs: number): Promise<boolean>;
  /** Gives `owner`'s hold of `key` `ttlMs` more from now, in one step: `false` when `owner` no longer holds it. */
  renew(key: string, owner: string, ttlMs: number): Promise<boolean>;
  /** Lets `key` go if `owner` holds it, in one step: another's hold is left. */
  release(key: string, owner: string): Promise<void>;
  /** Forgets the value under `key`. */
  delete(key: string): Promise<void>;
}
