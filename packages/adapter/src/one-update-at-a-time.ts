import { setTimeout as sleep } from 'node:timers/promises';
import { SaveStoreError } from './errors/save-store-error.js';
import { TaskBusyError } from './errors/task-busy-error.js';
import type { SaveStore } from './save-store.js';

/** How long an update holds its task at most: past any update's own bound, so one whose process died frees it. */
const LEASE_MS = 60_000;

/** How an update waits for another of the same task. */
export interface TaskWait {
  /** Longest wait before the update is refused, ms. */
  readonly maxMs: number;
  /** Time between two looks, ms. */
  readonly everyMs: number;
  /** The caller's signal: a caller that left stops the wait. */
  readonly signal?: AbortSignal | undefined;
}

/** Waits up to 10 s, looking every 25 ms: a task's update is a few v2 calls. */
export const TASK_WAIT: TaskWait = { maxMs: 10_000, everyMs: 25 };

/**
 * Runs `work` as the only update of `taskId` under way through every process sharing `store`. v1 took a task's
 * updates one at a time; here an update reads what earlier Saves left, calls v2, then writes, so two at once (a
 * double click, a page saved while the last one completes, through two replicas) would each miss what the other
 * wrote and lose it after answering 200. One waits for the other instead, up to `wait.maxMs`, then is refused with
 * `TaskBusyError` (nothing sent). A store that cannot say is `SaveStoreError`, nothing sent.
 */
export async function oneUpdateAtATime<T>(
  store: SaveStore,
  taskId: string,
  work: () => Promise<T>,
  wait: TaskWait = TASK_WAIT,
): Promise<T> {
  const key = `updating:${taskId}`;
  const started = performance.now();
  for (;;) {
    let taken: boolean;
    try {
      taken = await store.add(key, 'updating', LEASE_MS);
    } catch (error) {
      throw new SaveStoreError(false, error);
    }
    if (taken) break;
    if (performance.now() - started >= wait.maxMs) throw new TaskBusyError(wait.maxMs);
    await sleep(wait.everyMs, undefined, { signal: wait.signal });
  }
  try {
    return await work();
  } finally {
    // A failed release leaves the task to the lease: the next update waits, then is refused, until it passes.
    await store.delete(key).catch(() => {});
  }
}
