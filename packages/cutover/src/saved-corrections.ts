import { changedElements, type ElementCatalogue, mergeSubject, SPECIFICATION_CATALOGUE, type Subject } from '@journey-bridge/contract';

/**
 * The elements a caller changed, in a later update of the same task, after a `Save` of it had carried them whole.
 * v1 kept a `Save` as a draft that the task's later updates replaced; the adapter submits a whole element at the
 * `Save`, and v2 keeps an element's first value, so on v2 the update that changes it is refused with 409 (register:
 * `request.update-correction`). The mirror gives its shadow the `Save`s merged beneath the `Complete`, as v1 took
 * them, so the shadow never meets that refusal: this is how the pair learns of it. Another task's update is not
 * compared: a task that does not collect an element leaves it as v2 holds it, on both sides.
 */
export class SavedCorrections {
  /** Per task, the first whole value each element was saved with: what v2 keeps. */
  readonly #saved = new Map<string, Subject>();
  readonly #changed = new Set<string>();
  readonly #catalogue: ElementCatalogue;

  constructor(catalogue: ElementCatalogue = SPECIFICATION_CATALOGUE) {
    this.#catalogue = catalogue;
  }

  /** Notes a submission the primary took for `taskId`, in the order it took them. */
  take(subject: Subject, draft: boolean, taskId: string | undefined): void {
    if (taskId === undefined) return;
    const carried = this.#catalogue.carriedBy(subject);
    let saved = this.#saved.get(taskId) ?? {};
    for (const id of changedElements(this.#catalogue, saved, subject, carried)) this.#changed.add(id);
    if (!draft) return;
    for (const id of carried) {
      const element = this.#catalogue.get(id);
      if (!element || element.pick(saved) !== undefined || !this.#catalogue.isValid(subject, id)) continue;
      saved = mergeSubject(saved, element.pick(subject) ?? {});
    }
    this.#saved.set(taskId, saved);
  }

  /** The elements changed after a `Save` carried them whole, sorted. */
  get changed(): string[] {
    return [...this.#changed].sort();
  }
}
