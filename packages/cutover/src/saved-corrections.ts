import { changedElements, type ElementCatalogue, mergeSubject, SPECIFICATION_CATALOGUE, type Subject } from '@journey-bridge/contract';

/**
 * The elements a caller changed after a `Save` had carried them whole. v1 kept a `Save` as a draft that later updates
 * replaced; the adapter submits a whole element at the `Save`, and v2 keeps an element's first value, so on v2 the
 * update that changes it is refused with 409 (register: `request.update-correction`). The mirror gives its shadow the
 * `Save`s merged beneath the `Complete`, as v1 took them, so the shadow never meets that refusal: this is how the
 * pair learns of it.
 */
export class SavedCorrections {
  /** The first whole value each element was saved with: what v2 keeps. */
  #saved: Subject = {};
  readonly #changed = new Set<string>();
  readonly #catalogue: ElementCatalogue;

  constructor(catalogue: ElementCatalogue = SPECIFICATION_CATALOGUE) {
    this.#catalogue = catalogue;
  }

  /** Notes a submission the primary took, in the order it took them. */
  take(subject: Subject, draft: boolean): void {
    const carried = this.#catalogue.carriedBy(subject);
    for (const id of changedElements(this.#catalogue, this.#saved, subject, carried)) this.#changed.add(id);
    if (!draft) return;
    for (const id of carried) {
      const element = this.#catalogue.get(id);
      if (!element || element.pick(this.#saved) !== undefined || !this.#catalogue.isValid(subject, id)) continue;
      this.#saved = mergeSubject(this.#saved, element.pick(subject) ?? {});
    }
  }

  /** The elements changed after a `Save` carried them whole, sorted. */
  get changed(): string[] {
    return [...this.#changed].sort();
  }
}
