/** Options of the simulator's clock. */
export interface ClockOptions {
  /** Virtual epoch milliseconds at creation. @default Date.now() */
  start?: number;
  /** Virtual milliseconds per real millisecond; ignored when `manual`. @default 1 */
  scale?: number;
  /** Time moves only through `advance()`. @default false */
  manual?: boolean;
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
    if (!(scale > 0)) throw new RangeError(`clock scale must be a positive number, got ${scale}`);
    this.#base = start;
    this.#scale = scale;
    this.#manual = manual;
  }

  /** Virtual epoch milliseconds. */
  now(): number {
    return this.#manual ? this.#base : this.#base + (performance.now() - this.#realBase) * this.#scale;
  }

  get mode(): { manual: boolean; scale: number } {
    return { manual: this.#manual, scale: this.#scale };
  }

  /** Moves virtual time forward by `ms`, in either mode. */
  advance(ms: number): void {
    if (!(ms >= 0)) throw new RangeError(`clock advance must be a non-negative number of milliseconds, got ${ms}`);
    this.#base += ms;
    this.#wakeAll();
  }

  /** Switches between scaled real time and a manual clock without a jump in virtual time. */
  configure({ scale = this.#scale, manual = this.#manual }: Omit<ClockOptions, 'start'>): void {
    if (!(scale > 0)) throw new RangeError(`clock scale must be a positive number, got ${scale}`);
    this.#base = this.now();
    this.#realBase = performance.now();
    this.#scale = scale;
    this.#manual = manual;
    this.#wakeAll();
  }

  /** Resolves once virtual time reaches `at`. */
  sleepUntil(at: number): Promise<void> {
    return new Promise((resolve) => this.#schedule({ at, resolve }));
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
