import { mergeSubject, type Subject } from '@journey-bridge/contract';
import { parseKept, type SaveStore } from './save-store.js';

/** How long a Save's draft waits for its task's next update: longer than any form a user fills in. */
const TTL_MS = 60 * 60 * 1000;

/** A task's draft as read: the Saves' subjects merged in order, and how many Saves it holds. */
export interface Draft {
  readonly subject: Subject;
  readonly saves: number;
}

/**
 * What a Save carried that v2 could not take yet: part of an element (a first name without the last names), which a
 * partial submit leaves out, or an undescribed element's data left to the Complete. v1 kept a Save as a draft and
 * its Complete merged draft and data; so each such Save's subject is kept in the adapter's `SaveStore`, a list per
 * task, and merged under the task's next update. A list, not one merged value: two Saves of one task at once
 * (through two replicas) each add theirs in one step, where a read and a write back would lose one.
 */
export class SaveDrafts {
  readonly #store: SaveStore;

  constructor(store: SaveStore) {
    this.#store = store;
  }

  /** The draft of `taskId`, if Saves left one: merged in the order they came, a later value winning as on v1. */
  async draftOf(taskId: string): Promise<Draft | undefined> {
    const saves = await this.#store.list(keyOf(taskId));
    if (saves.length === 0) return undefined;
    const subject = saves.reduce<Subject>((draft, save) => mergeSubject(draft, parseKept<Subject>(save)), {});
    return { subject, saves: saves.length };
  }

  /** Adds a Save's own subject (what its update carried) to the draft of `taskId`. */
  async keep(taskId: string, subject: Subject): Promise<void> {
    await this.#store.append(keyOf(taskId), JSON.stringify(subject), TTL_MS);
  }

  /** Forgets the Saves of `draft`, which a later Save brought whole and left nothing out of: any kept since stay. */
  async settle(taskId: string, draft: Draft): Promise<void> {
    await this.#store.dropOldest(keyOf(taskId), draft.saves);
  }

  /** Forgets the draft of `taskId`: a Complete took it. */
  async delete(taskId: string): Promise<void> {
    await this.#store.delete(keyOf(taskId));
  }
}

const keyOf = (taskId: string) => `draft:${taskId}`;
