import { createHash } from 'node:crypto';
import type { Interaction } from '@journey-bridge/contract';
import { parseKept, type SaveStore } from './save-store.js';

/** How long a task completed by a Save is remembered: longer than any form a user fills in. */
const TTL_MS = 60 * 60 * 1000;

interface Saved {
  readonly instanceId: string;
  /** The interaction as it was when the Save came, without its `context`: v1 still listed it as the instance's task. */
  readonly interaction: Interaction;
  /** Who sent the Save: a fingerprint of the caller's token (never the token), absent for the adapter's own. */
  readonly savedBy?: string;
}

/** A task a Save completed: the interaction it was, and who sent the Save. */
export type SavedTask = Pick<Saved, 'interaction' | 'savedBy'>;

/** A token's fingerprint: the same token gives the same one, and none gives the token back. */
export const tokenFingerprint = (token: string): string => createHash('sha256').update(token).digest('base64url').slice(0, 22);

/**
 * The taskIds whose interaction a Save completed (a Save that left it open is not kept: the interaction is still
 * listed, and whatever completes it is v2's to show). v1 kept a Save as a draft: the task stayed listed, and v1
 * took the Complete that followed. On v2 the Save has submitted, so the interaction is gone and that Complete finds
 * its task gone. Knowing the Save did it, the adapter can list the task and answer that Complete as v1 did.
 */
export class CompletedBySave {
  readonly #store: SaveStore;

  constructor(store: SaveStore) {
    this.#store = store;
  }

  async add(taskId: string, instanceId: string, interaction: Interaction, savedBy?: string): Promise<void> {
    // A list needs the interaction's ids, status and what it collects, never the subject it may carry.
    const { context: _subject, ...listed } = interaction;
    const saved: Saved = { instanceId, interaction: listed, ...(savedBy !== undefined && { savedBy }) };
    await this.#store.set(savedKey(taskId), JSON.stringify(saved), TTL_MS);
    // The last Save's task per instance: v1 lists one task at a time.
    await this.#store.set(pendingKey(instanceId), taskId, TTL_MS);
  }

  /** Forgets `taskId`: its Complete was answered, and v1 answered the next one with a conflict. */
  async delete(taskId: string): Promise<void> {
    // The instance's pointer to it may stay: `pendingFor` follows it only to a task still remembered.
    await this.#store.delete(savedKey(taskId));
  }

  /** The interaction `taskId` was when its Save completed it, if one did: what that task collected. */
  async savedTask(taskId: string): Promise<SavedTask | undefined> {
    const saved = await this.#store.get(savedKey(taskId));
    if (saved === undefined) return undefined;
    const { interaction, savedBy } = parseKept<Saved>(saved);
    return { interaction, ...(savedBy !== undefined && { savedBy }) };
  }

  /** The task of `instanceId` a Save left waiting for its Complete, with the interaction v1 still listed for it. */
  async pendingFor(instanceId: string): Promise<{ taskId: string; interaction: Interaction } | undefined> {
    const taskId = await this.#store.get(pendingKey(instanceId));
    const saved = taskId === undefined ? undefined : await this.#store.get(savedKey(taskId));
    if (taskId === undefined || saved === undefined) return undefined;
    const { instanceId: savedFor, interaction } = parseKept<Saved>(saved);
    return savedFor === instanceId ? { taskId, interaction } : undefined;
  }
}

const savedKey = (taskId: string) => `saved:${taskId}`;
const pendingKey = (instanceId: string) => `saved-task-of:${instanceId}`;
