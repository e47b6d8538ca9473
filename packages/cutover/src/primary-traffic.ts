/** The caller's calls through one cutover, as far as shadow work needs to know them: when they leave a gap. */
export interface PrimaryTraffic {
  /** Runs one of the caller's calls, counted as in flight until it settles. */
  during<T>(call: () => Promise<T>): Promise<T>;
  /**
   * Resolves once no caller's call has been in flight for `quietMs`, or after `maxWaitMs` (steady traffic leaves no
   * gap, and the shadow must still move).
   */
  quiet(): Promise<void>;
}

/**
 * Counts the caller's calls in flight so that shadow calls go out in the gaps between them. A shadow call's work
 * (the thread, the other service, the answer's parsing) then runs while the caller has nothing waiting, instead of
 * right after the primary step it mirrors, when the caller's next call is on its way.
 */
export function createPrimaryTraffic(quietMs: number, maxWaitMs: number): PrimaryTraffic {
  let inFlight = 0;
  let lastSettled = Number.NEGATIVE_INFINITY;
  const waiters = new Set<() => void>();
  let gapTimer: NodeJS.Timeout | undefined;

  const release = () => {
    for (const wake of [...waiters]) wake();
  };
  /** Wakes the waiters once the gap that has just begun has lasted `quietMs`, unless a call comes first. */
  const awaitGap = () => {
    clearTimeout(gapTimer);
    gapTimer = setTimeout(release, Math.max(0, lastSettled + quietMs - performance.now())).unref();
  };

  return {
    async during(call) {
      inFlight += 1;
      clearTimeout(gapTimer);
      try {
        return await call();
      } finally {
        inFlight -= 1;
        lastSettled = performance.now();
        if (inFlight === 0 && waiters.size > 0) awaitGap();
      }
    },
    quiet() {
      if (inFlight === 0 && performance.now() - lastSettled >= quietMs) return Promise.resolve();
      return new Promise<void>((resolve) => {
        const wake = () => {
          clearTimeout(deadline);
          waiters.delete(wake);
          resolve();
        };
        // Shadow work never holds a process open.
        const deadline = setTimeout(wake, maxWaitMs).unref();
        waiters.add(wake);
        if (inFlight === 0) awaitGap();
      });
    },
  };
}
