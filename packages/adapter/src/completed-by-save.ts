/** Tasks remembered at most: the oldest are forgotten first. */
const CAPACITY = 10_000;
/** How long a task completed by a Save is remembered: longer than any form a user fills in. */
const TTL_MS = 60 * 60 * 1000;

/**
 * The taskIds whose interaction a Save of this process completed. v1 kept a Save as a draft and took the Complete
 * that followed; on v2 the Save has submitted, so that Complete finds its task gone. Knowing the Save did it, the
 * adapter can answer that Complete as v1 did instead of with a 409. Per process: through several replicas, the
 * Complete answers as v1 did only where the Save ran.
 */
export class CompletedBySave {
  readonly #savedAt = new Map<string, number>();
  readonly #now: () => number;

  constructor(now: () => number) {
    this.#now = now;
  }

  add(taskId: string): void {
    this.#savedAt.delete(taskId);
    this.#savedAt.set(taskId, this.#now());
    if (this.#savedAt.size > CAPACITY) this.#savedAt.delete(this.#savedAt.keys().next().value as string);
  }

  /** Forgets `taskId`: its Complete was answered, and v1 answered the next one with a conflict. */
  delete(taskId: string): void {
    this.#savedAt.delete(taskId);
  }

  has(taskId: string): boolean {
    const at = this.#savedAt.get(taskId);
    if (at === undefined) return false;
    if (this.#now() - at <= TTL_MS) return true;
    this.#savedAt.delete(taskId);
    return false;
  }
}
