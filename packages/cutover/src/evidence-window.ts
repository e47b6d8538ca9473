import type { ComparisonResult, RollbackRule, Side } from './types.js';

/** A fixed-size ring of booleans with a running count of `true`. */
class Ring {
  readonly #values: boolean[] = [];
  #next = 0;
  #trues = 0;
  constructor(readonly size: number) {}
  push(value: boolean): void {
    if (this.#values.length < this.size) this.#values.push(value);
    else {
      if (this.#values[this.#next]) this.#trues -= 1;
      this.#values[this.#next] = value;
      this.#next = (this.#next + 1) % this.size;
    }
    if (value) this.#trues += 1;
  }
  get length(): number {
    return this.#values.length;
  }
  get trues(): number {
    return this.#trues;
  }
}

/** Results that count as the two sides agreeing. */
const CONSISTENT: ReadonlySet<ComparisonResult> = new Set(['match', 'reasonable', 'ignored']);

/** What a rollback is decided on: one mapping's latest compared pairs and each side's latest calls. */
export class EvidenceWindow {
  #pairs: Ring;
  #calls: Record<Side, Ring>;

  constructor(readonly size: number) {
    this.#pairs = new Ring(size);
    this.#calls = { v1: new Ring(size), v2: new Ring(size) };
  }

  /** A compared pair; `error` and `timeout` count toward neither side of consistency. */
  addPair(result: ComparisonResult): void {
    if (result !== 'error' && result !== 'timeout') this.#pairs.push(CONSISTENT.has(result));
  }

  addCall(side: Side, failed: boolean): void {
    this.#calls[side].push(failed);
  }

  /** Share of compared pairs that agreed, and over how many; `undefined` before the first. */
  consistency(): { readonly rate: number | undefined; readonly pairs: number } {
    const pairs = this.#pairs.length;
    return { rate: pairs === 0 ? undefined : this.#pairs.trues / pairs, pairs };
  }

  /** Share of `side`'s calls that failed, and over how many; `undefined` before the first. */
  errorRate(side: Side): { readonly rate: number | undefined; readonly calls: number } {
    const calls = this.#calls[side].length;
    return { rate: calls === 0 ? undefined : this.#calls[side].trues / calls, calls };
  }

  /** Why `rule` says to step back now, if it does. */
  breach(rule: RollbackRule): 'consistency' | 'error-rate' | undefined {
    const { rate, pairs } = this.consistency();
    if (rate !== undefined && pairs >= rule.minPairs && rate < rule.consistencyBelow) return 'consistency';
    const v1 = this.errorRate('v1');
    const v2 = this.errorRate('v2');
    const enough = v1.calls >= rule.minCalls && v2.calls >= rule.minCalls;
    if (enough && (v2.rate ?? 0) - (v1.rate ?? 0) > rule.errorRateMargin) return 'error-rate';
    return undefined;
  }

  /** Forgets everything: evidence from one stage says nothing about the next. */
  clear(): void {
    this.#pairs = new Ring(this.size);
    this.#calls = { v1: new Ring(this.size), v2: new Ring(this.size) };
  }
}
