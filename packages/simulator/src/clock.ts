import { SimulatorError } from './errors/simulator-error.js';

/** Options of the simulator's clock. */
export interface ClockOptions {
  /** Virtual epoch milliseconds at creation. @default Date.now() */
  start?: number;
  /** Virtual milliseconds per real millisecond, at most `MAX_CLOCK_SCALE`; ignored when `manual`. @default 1 */
  scale?: number;
  /** Time moves only through `advance()`. @default false */
  manual?: boolean;
}

/**
 * The last epoch millisecond a JavaScript `Date` can hold (+275760-09-13). Virtual time never passes it: every
 * answer stamps the time as ISO 8601, which throws beyond it.
 */
export const MAX_CLOCK_MS = 8.64e15;

/**
 * The largest scale a clock runs at: a day of virtual time in 86 real milliseconds. Beyond it time would race to
 * `MAX_CLOCK_MS` within moments (1e308 reaches it at once).
 */
export const MAX_CLOCK_SCALE = 1e6;

/**
 * The virtual time `ms` after `at`, stopped at `MAX_CLOCK_MS` as the clock stops: what falls due beyond the end of
 * time falls due at it, so nothing waits for a time the clock never reaches.
 */
export const later = (at: number, ms: number): number => Math.min(at + ms, MAX_CLOCK_MS);

/** A clock setting the simulator refuses; the clock is left as it was. */
export class ClockError extends SimulatorError {
  override name = 'ClockError';
}

interface Waiter {
  at: number;
  resolve: () => void;
  timer?: ReturnType<typeof setTimeout>;
}

/**
 * Virtual time for module latency and token expiry: real time times a scale, or a manual clock that moves only
 * when told. Everything time-dependent in the simulator reads `now()`, so tests never wait for real latency.
 */
export class SimClock {
  #base: number;
  #realBase = performance.now();
  #scale: number;
  #manual: boolean;
  readonly #waiters = new Set<Waiter>();

  constructor({ start = Date.now(), scale = 1, manual = false }: ClockOptions = {}) {
    if (!(Math.abs(start) <= MAX_CLOCK_MS)) {
      throw new ClockError(`clock start must be epoch milliseconds within ±${MAX_CLOCK_MS} (a Date's range), got ${start}`);
    }
    checkScale(scale);
    this.#base = start;
    this.#scale = scale;
    this.#manual = manual;
  }

  /** Virtual epoch milliseconds; scaled time stops at `MAX_CLOCK_MS`, so it always makes a valid `Date`. */
  now(): number {
    return this.#manual ? this.#base : Math.min(this.#base + (performance.now() - this.#realBase) * this.#scale, MAX_CLOCK_MS);
  }

  get mode(): { manual: boolean; scale: number } {
    return { manual: this.#manual, scale: this.#scale };
  }

  /**
   * Moves virtual time forward by `ms`, in either mode. Refused, leaving the clock as it was, unless `ms` is a
   * non-negative number that keeps virtual time within `MAX_CLOCK_MS`: from today, up to about 8.6e15 ms.
   */
  advance(ms: number): void {
    if (!(ms >= 0)) throw new ClockError(`clock advance must be a non-negative number of milliseconds, got ${ms}`);
    const now = this.now();
    if (!(now + ms <= MAX_CLOCK_MS)) {
      throw new ClockError(
        `clock advance of ${ms} ms would pass the last time a Date can hold (${MAX_CLOCK_MS}); at most ${MAX_CLOCK_MS - now} ms is accepted now`,
      );
    }
    this.#base += ms;
    this.#wakeAll();
  }

  /** Switches between scaled real time and a manual clock without a jump in virtual time. */
  configure({ scale = this.#scale, manual = this.#manual }: Omit<ClockOptions, 'start'>): void {
    checkScale(scale);
    this.#base = this.now();
    this.#realBase = performance.now();
    this.#scale = scale;
    this.#manual = manual;
    this.#wakeAll();
  }

  /** Resolves once virtual time reaches `at`; rejects with `signal`'s reason, forgetting the wait, if it fires first. */
  sleepUntil(at: number, signal?: AbortSignal): Promise<void> {
    return new Promise((resolve, reject) => {
      if (!signal) return this.#schedule({ at, resolve });
      if (signal.aborted) return reject(signal.reason);
      const waiter: Waiter = {
        at,
        resolve: () => {
          signal.removeEventListener('abort', forget);
          resolve();
        },
      };
      const forget = () => {
        clearTimeout(waiter.timer);
        this.#waiters.delete(waiter);
        reject(signal.reason);
      };
      signal.addEventListener('abort', forget, { once: true });
      this.#schedule(waiter);
    });
  }

  #schedule(waiter: Waiter): void {
    clearTimeout(waiter.timer);
    const remaining = waiter.at - this.now();
    if (remaining <= 0) {
      this.#waiters.delete(waiter);
      waiter.resolve();
      return;
    }
    this.#waiters.add(waiter);
    if (!this.#manual) waiter.timer = setTimeout(() => this.#schedule(waiter), Math.ceil(remaining / this.#scale));
  }

  #wakeAll(): void {
    for (const waiter of this.#waiters) this.#schedule(waiter);
  }
}

function checkScale(scale: number): void {
  if (!(scale > 0 && scale <= MAX_CLOCK_SCALE)) {
    throw new ClockError(`clock scale must be a positive number no greater than ${MAX_CLOCK_SCALE}, got ${scale}`);
  }
}
