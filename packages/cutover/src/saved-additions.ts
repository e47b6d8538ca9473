import {
  addedAfterSave,
  changedElements,
  type ElementCatalogue,
  mergeSubject,
  SPECIFICATION_CATALOGUE,
  type Subject,
  type V1TaskSchema,
} from '@journey-bridge/contract';
import { schemaCollects, schemaShows } from './schema-elements.js';

/** What the data after the first `k` Saves of a task added, were those Saves to complete it on v2. */
export interface SaveThenAddition {
  /** The first `k` Saves of the task since the Complete before, merged: what the `k`th `Save` would have submitted. */
  readonly saves: Subject;
  /** The elements, or subject paths outside every element, that the later Saves and the Complete added. */
  readonly added: readonly string[];
}

/**
 * The data a caller added, with a later `Save` or the `Complete`, after the `Save`s of the same task had carried
 * every element the task requires. v1 kept the `Save`s as a draft and took the rest; on v2 such a `Save` completes
 * the interaction (the adapter submits it, register: `request.update-intent`), and what then adds data is refused
 * with 409 (`AddedAfterSaveError`). The mirror gives its shadow the `Save`s merged beneath the `Complete`, so the
 * shadow never meets that refusal: each such `Complete` is noted here by its place among the completed submissions,
 * with one candidate per `Save` after which data was added, earliest first. When the mirror gives the shadow that
 * submission, it asks the shadow's interaction with a `Validate` whether the candidates' `Save`s alone were valid;
 * the first that was completed the task, and what came after it was refused.
 */
export class SavedAdditions {
  readonly #catalogue: ElementCatalogue = SPECIFICATION_CATALOGUE;
  readonly #unchecked = new Map<number, readonly SaveThenAddition[]>();
  readonly #added = new Set<string>();
  #unknown = false;
  /** The Saves since the last Complete, in order, with their tasks: a Save of another task is not this Complete's draft. */
  #saves: { readonly subject: Subject; readonly taskId: string | undefined }[] = [];

  /** Notes a `Save` the primary took. */
  saved(subject: Subject, taskId: string | undefined): void {
    this.#saves.push({ subject, taskId });
  }

  /**
   * Notes the `Complete` that is completed submission `index`: `held`, what the journey held before the `Save`s
   * since the one before; `subject`, what it carried. Without `held` (a submission of unknown outcome the same task
   * sent again, which takes its place), the Saves are let go unchecked.
   */
  completed(index: number, held: Subject | undefined, subject: Subject, taskId: string | undefined): void {
    const saves = this.#saves;
    this.#saves = [];
    this.#unchecked.delete(index);
    const sameTask = taskId !== undefined && saves.length > 0 && saves.every((save) => save.taskId === taskId);
    if (held === undefined || !sameTask) return;
    const candidates: SaveThenAddition[] = [];
    let prefix: Subject = {};
    for (const [k, save] of saves.entries()) {
      prefix = mergeSubject(prefix, save.subject);
      const later = [...saves.slice(k + 1).map((next) => next.subject), subject].reduce((all, next) => mergeSubject(all, next), {});
      const added = this.#addedTo(mergeSubject(held, prefix), later);
      // What comes after a later Save is part of what comes after this one: none here, none there.
      if (added.length === 0) break;
      candidates.push({ saves: prefix, added });
    }
    if (candidates.length > 0) this.#unchecked.set(index, candidates);
  }

  /** The candidates still to check before completed submission `index` is given to the shadow, earliest first. */
  uncheckedAt(index: number): readonly SaveThenAddition[] | undefined {
    return this.#unchecked.get(index);
  }

  /**
   * Settles the check of submission `index`: `completing`, the first candidate whose Saves were valid alone, if any;
   * `schema`, the task's, which says whether it takes an element (what it does not, any submit of it drops: no
   * refusal) and has a place for a subject path outside every element. Such a path without a place may be an
   * element nobody described to the adapter (refused in live) or a field no step takes (taken): unknown. Without a
   * schema, everything added counts.
   */
  checked(index: number, completing: SaveThenAddition | undefined, schema?: V1TaskSchema): void {
    this.#unchecked.delete(index);
    for (const name of completing?.added ?? []) {
      const element = this.#catalogue.get(name) !== undefined;
      if (!schema || (element ? schemaCollects(schema, name) : schemaShows(schema, name))) this.#added.add(name);
      else if (!element) this.#unknown = true;
    }
  }

  /** Whether data outside every element was added after such Saves where the task's schema did not say it takes it. */
  get unknown(): boolean {
    return this.#unknown;
  }

  /** What came after Saves that had completed their task on v2, sorted. */
  get added(): string[] {
    return [...this.#added].sort();
  }

  /** What `later` adds to `held`: an element held with another value is changed, which `SavedCorrections` names. */
  #addedTo(held: Subject, later: Subject): string[] {
    const added = addedAfterSave(this.#catalogue, held, later);
    if (!added) return [];
    const changed = changedElements(this.#catalogue, held, later, this.#catalogue.carriedBy(later));
    return [...added.elements.filter((id) => !changed.includes(id)), ...added.paths];
  }
}
