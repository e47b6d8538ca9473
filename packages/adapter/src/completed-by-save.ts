import { type ElementCatalogue, mergeSubject, type Subject } from '@journey-bridge/contract';

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

/**
 * Whether `held` holds every value of `given`: objects key by key, an array element by any element of the held array
 * (v1 callers split a document's sides over two elements).
 */
function holdsAll(held: unknown, given: unknown): boolean {
  if (Array.isArray(given)) return Array.isArray(held) && given.every((item) => held.some((candidate) => holdsAll(candidate, item)));
  if (given !== null && typeof given === 'object') {
    if (held === null || typeof held !== 'object' || Array.isArray(held)) return false;
    return Object.entries(given).every(([key, value]) => value === undefined || holdsAll((held as Record<string, unknown>)[key], value));
  }
  return Object.is(held, given);
}

/**
 * The elements to which `given` (a Complete's subject) adds data the journey (`held`: its subject) does not hold:
 * `given` is folded into `held` as a submit would fold it, and each element's part compared in the form the
 * element gives every spelling of a value. So a middle name, or the back of a document the journey holds empty,
 * is added data; an SSN sent again without its dashes is not.
 */
export function addedElements(catalogue: ElementCatalogue, held: Subject, given: Subject): string[] {
  const merged = mergeSubject(held, given);
  return catalogue.carriedBy(merged).filter((id) => {
    const element = catalogue.get(id);
    const heldPart = element?.pick(held);
    const mergedPart = element?.pick(merged);
    if (!element || mergedPart === undefined) return false;
    return heldPart === undefined || !holdsAll(element.comparable(heldPart), element.comparable(mergedPart));
  });
}
