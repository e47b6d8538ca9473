import type { Subject } from '@journey-bridge/contract';
import { parseKept, type SaveStore } from './save-store.js';

/** How long a Save's draft waits for its task's next update: longer than any form a user fills in. */
const TTL_MS = 60 * 60 * 1000;

/**
 * What a Save carried that v2 could not take yet: part of an element (a first name without the last names), which a
 * partial submit leaves out, or an undescribed element's data left to the Complete. v1 kept a Save as a draft and
 * its Complete merged draft and data; so the Save's subject (its earlier draft beneath) is kept in the adapter's
 * `SaveStore` and merged under the task's next update. A task's updates run one at a time (`oneUpdateAtATime`), so
 * no other Save of the task writes between this one's read and write.
 */
export class SaveDrafts {
  readonly #store: SaveStore;

  constructor(store: SaveStore) {
    this.#store = store;
  }

  /** The draft of `taskId`, if a Save left one. */
  async draftOf(taskId: string): Promise<Subject | undefined> {
    const draft = await this.#store.get(keyOf(taskId));
    return draft === undefined ? undefined : parseKept<Subject>(draft);
  }

  /** Keeps `subject` (the Save's, its earlier draft beneath) as the draft of `taskId`. */
  async keep(taskId: string, subject: Subject): Promise<void> {
    await this.#store.set(keyOf(taskId), JSON.stringify(subject), TTL_MS);
  }

  /** Forgets the draft of `taskId`: a Complete took it, or a Save brought it whole and left nothing out. */
  async delete(taskId: string): Promise<void> {
    await this.#store.delete(keyOf(taskId));
  }
}

const keyOf = (taskId: string) => `draft:${taskId}`;
