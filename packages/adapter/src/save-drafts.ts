import { mergeSubject, type Subject } from '@journey-bridge/contract';

/** How long a Save's draft waits for its task's next update: longer than any form a user fills in. */
const TTL_MS = 60 * 60 * 1000;
/** Characters of JSON the drafts may hold together (document images travel base64 in them): the oldest go first. */
const CAPACITY_CHARS = 64 * 1024 * 1024;

interface Draft {
  readonly at: number;
  readonly subject: Subject;
  readonly size: number;
}

/**
 * What a Save of this process carried that v2 could not take yet: part of an element (a first name without the
 * last names), which a partial submit leaves out. v1 kept a Save as a draft and its
 * Complete merged draft and data; so the Save's subject is kept here and merged under the task's next update. Per
 * process, as `CompletedBySave`: through several replicas only where the Save ran (elsewhere the Complete lacks the
 * part, and v2 refuses it as incomplete).
 */
export class SaveDrafts {
  readonly #drafts = new Map<string, Draft>();
  readonly #now: () => number;
  #size = 0;

  constructor(now: () => number) {
    this.#now = now;
  }

  /** `subject` with the draft of `taskId` beneath it: the update's own values win, as v1's did over its draft. */
  withDraft(taskId: string, subject: Subject): Subject {
    const draft = this.#live(taskId);
    return draft === undefined ? subject : mergeSubject(draft.subject, subject);
  }

  /** Keeps `subject` (the Save's, its earlier draft beneath) as the draft of `taskId`. */
  keep(taskId: string, subject: Subject): void {
    this.delete(taskId);
    const size = JSON.stringify(subject).length;
    this.#drafts.set(taskId, { at: this.#now(), subject, size });
    this.#size += size;
    for (const oldest of this.#drafts.keys()) {
      if (this.#size <= CAPACITY_CHARS) break;
      this.delete(oldest);
    }
  }

  /** Forgets the draft of `taskId`: a Complete took it, or the Save left nothing out. */
  delete(taskId: string): void {
    const draft = this.#drafts.get(taskId);
    if (draft === undefined) return;
    this.#drafts.delete(taskId);
    this.#size -= draft.size;
  }

  #live(taskId: string): Draft | undefined {
    const draft = this.#drafts.get(taskId);
    if (draft === undefined || this.#now() - draft.at <= TTL_MS) return draft;
    this.delete(taskId);
    return undefined;
  }
}
