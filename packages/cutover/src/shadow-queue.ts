/** Shadow work admitted off the caller's path, at most `capacity` jobs at once. */
export interface ShadowQueue {
  /** Schedules `job` after the current turn if fewer than `capacity` jobs are admitted; `false` when full (skip it). */
  offer(job: () => Promise<void>): boolean;
  /** Jobs admitted and not finished. */
  readonly pending: number;
  /** Resolves once no admitted job is left. */
  idle(): Promise<void>;
}

/**
 * A bounded queue of shadow jobs. A job is a whole mirrored journey, mostly waiting between polls, so every
 * admitted job runs at once and the bound is on how many are admitted. Nothing of a job runs before `offer`
 * returns: its first line waits for the next turn of the event loop. A job's failure is the job's to handle;
 * `onError` receives what escapes it.
 */
export function createShadowQueue(capacity: number, onError: (error: unknown) => void): ShadowQueue {
  let pending = 0;
  let waiters: (() => void)[] = [];
  const finished = () => {
    pending -= 1;
    if (pending > 0) return;
    for (const wake of waiters) wake();
    waiters = [];
  };
  return {
    offer(job) {
      if (pending >= capacity) return false;
      pending += 1;
      setImmediate(() => {
        job().catch(onError).finally(finished);
      });
      return true;
    },
    get pending() {
      return pending;
    },
    idle() {
      return pending === 0 ? Promise.resolve() : new Promise((resolve) => waiters.push(resolve));
    },
  };
}
