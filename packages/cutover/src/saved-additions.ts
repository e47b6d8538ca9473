import { addedAfterSave, changedElements, type ElementCatalogue, SPECIFICATION_CATALOGUE, type Subject } from '@journey-bridge/contract';

/** A Complete that added data to what the Saves of its task had carried, still to be checked against the shadow. */
export interface SaveThenAddition {
  /** The Saves of the task since the Complete before, merged: what a `Save` would have submitted on v2. */
  readonly saves: Subject;
  /** The elements, or subject paths outside every element, that the Complete added. */
  readonly added: readonly string[];
}

/**
 * The data a caller added with a `Complete` after the `Save`s of the same task had carried every element the task
 * requires. v1 kept the `Save`s as a draft and took the `Complete`; on v2 such a `Save` completes the interaction (the
 * adapter submits it, register: `request.update-intent`), and the `Complete` that then adds data is refused with 409
 * (`AddedAfterSaveError`). The mirror gives its shadow the `Save`s merged beneath the `Complete`, so the shadow never
 * meets that refusal: each such `Complete` is noted here by its place among the completed submissions, and the
 * mirror asks the shadow's interaction, when it gives it that submission, whether the `Save`s alone were valid
 * (a `Validate`); only then was the data added after a `Save` that completed the task.
 */
export class SavedAdditions {
  readonly #catalogue: ElementCatalogue;
  readonly #unchecked = new Map<number, SaveThenAddition>();
  readonly #added = new Set<string>();
  /** The tasks of the Saves since the last Complete: a Save of another task is not this Complete's draft. */
  #saveTasks = new Set<string | undefined>();

  constructor(catalogue: ElementCatalogue = SPECIFICATION_CATALOGUE) {
    this.#catalogue = catalogue;
  }

  /** Notes a `Save` the primary took. */
  saved(taskId: string | undefined): void {
    this.#saveTasks.add(taskId);
  }

  /**
   * Notes the `Complete` that is completed submission `index`: `held`, what the journey held with the `Save`s since
   * the one before (`saves`); `subject`, what it carried. A replaced submission (one of unknown outcome the same task
   * sent again) is noted again under its index, or forgotten when the new one adds nothing.
   */
  completed(index: number, held: Subject, saves: Subject, subject: Subject, taskId: string | undefined): void {
    const sameTask = taskId !== undefined && this.#saveTasks.size === 1 && this.#saveTasks.has(taskId);
    this.#saveTasks = new Set();
    this.#unchecked.delete(index);
    const added = sameTask ? addedAfterSave(this.#catalogue, held, subject) : undefined;
    // An element held with another value is changed, not added: `SavedCorrections` names it, as v2 refuses that first.
    const changed = changedElements(this.#catalogue, held, subject, this.#catalogue.carriedBy(subject));
    const names = [...(added?.elements.filter((id) => !changed.includes(id)) ?? []), ...(added?.paths ?? [])];
    if (names.length > 0) this.#unchecked.set(index, { saves, added: names });
  }

  /** The check still due before completed submission `index` is given to the shadow, if any. */
  uncheckedAt(index: number): SaveThenAddition | undefined {
    return this.#unchecked.get(index);
  }

  /** Settles the check of submission `index`: `savesValid`, whether the shadow's interaction took the `Save`s alone as valid. */
  checked(index: number, savesValid: boolean): void {
    const check = this.#unchecked.get(index);
    this.#unchecked.delete(index);
    if (check && savesValid) for (const name of check.added) this.#added.add(name);
  }

  /** What Completes added after their task's Saves had completed it on v2, sorted. */
  get added(): string[] {
    return [...this.#added].sort();
  }
}
