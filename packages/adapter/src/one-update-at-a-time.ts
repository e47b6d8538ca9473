import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { SaveStoreError } from './errors/save-store-error.js';
import { TaskBusyError } from './errors/task-busy-error.js';
import type { SaveStore } from './save-store.js';

/** How an update waits for another of the same task, and how long its hold lasts unrenewed. */
export interface TaskWait {
  /** Longest wait before the update is refused, ms. */
  readonly maxMs: number;
  /** Time between two looks, ms. */
  readonly everyMs: number;
  /** How long a hold lasts unless renewed (it is, every third of it, while the update runs), ms. */
  readonly leaseMs: number;
  /** The caller's signal: a caller that left stops the wait. */
  readonly signal?: AbortSignal | undefined;
}

/**
 * The adapter's default (its `updateWaitMs` sets `maxMs`): waits up to 10 s, looking every 25 ms, as a task's
 * update is a few v2 calls. A hold lasts 15 s unrenewed, so a process that died holding its task frees it within that.
 */
export const TASK_WAIT: TaskWait = { maxMs: 10_000, everyMs: 25, leaseMs: 15_000 };

/**
 * Runs `work` as the only update of `taskId` under way through every process sharing `store`. v1 took a task's
 * updates one at a time; here an update reads what earlier Saves left, calls v2, then writes, so two at once (a
 * double click, a page saved while the last one completes, through two replicas) would each miss what the other
 * wrote and lose it after answering 200. One waits for the other instead, up to `wait.maxMs`, then is refused with
 * `TaskBusyError` (nothing sent). The hold is renewed while `work` runs, however long its v2 calls take, and let go
 * only if still this update's. A store that cannot say is `SaveStoreError`, nothing sent.
 */
export async function oneUpdateAtATime<T>(
  store: SaveStore,
  taskId: string,
  work: () => Promise<T>,
  wait: TaskWait = TASK_WAIT,
): Promise<T> {
  const key = `updating:${taskId}`;
  const owner = randomUUID();
  const started = performance.now();
  for (;;) {
    let held: boolean;
    try {
      held = await store.hold(key, owner, wait.leaseMs);
    } catch (error) {
      // A hold that timed out may still be made (a stalled Redis runs it when it resumes): let it go after it.
      store.release(key, owner).catch(() => {});
      throw new SaveStoreError(false, error);
    }
    if (held) break;
    if (performance.now() - started >= wait.maxMs) throw new TaskBusyError(wait.maxMs);
    await sleep(wait.everyMs, undefined, { signal: wait.signal });
  }
  const renewal = setInterval(() => store.renew(key, owner, wait.leaseMs).catch(() => {}), wait.leaseMs / 3).unref();
  try {
    return await work();
  } finally {
    clearInterval(renewal);
    // A failed release leaves the task to the lease: the next update waits for it to pass.
    await store.release(key, owner).catch(() => {});
  }
}
