import type { Interaction } from '@journey-bridge/contract';

/** Tasks remembered at most: the oldest are forgotten first. */
const CAPACITY = 10_000;
/** How long a task completed by a Save is remembered: longer than any form a user fills in. */
const TTL_MS = 60 * 60 * 1000;

interface Saved {
  readonly at: number;
  readonly instanceId: string;
  /** The interaction as it was when the Save came, without its `context`: v1 still listed it as the instance's task. */
  readonly interaction: Interaction;
}

/**
 * The taskIds whose interaction a Save of this process completed (a Save that left it open is not kept: the
 * interaction is still listed, and whatever completes it, here or through another replica, is v2's to show). v1
 * kept a Save as a draft: the task stayed listed, and v1 took the Complete that followed. On v2 the Save has
 * submitted, so the interaction is gone and that Complete finds its task gone. Knowing the Save did it, the adapter
 * can list the task and answer that Complete as v1 did. Per process: through several replicas, only where the Save
 * ran.
 */
export class CompletedBySave {
  readonly #saved = new Map<string, Saved>();
  /** The last Save's taskId per instance: v1 lists one task at a time. */
  readonly #byInstance = new Map<string, string>();
  readonly #now: () => number;

  constructor(now: () => number) {
    this.#now = now;
  }

  add(taskId: string, instanceId: string, interaction: Interaction): void {
    this.delete(taskId);
    // A list needs the interaction's ids, status and what it collects, never the subject it may carry.
    const { context: _subject, ...listed } = interaction;
    this.#saved.set(taskId, { at: this.#now(), instanceId, interaction: listed });
    this.#byInstance.set(instanceId, taskId);
    if (this.#saved.size > CAPACITY) this.delete(this.#saved.keys().next().value as string);
  }

  /** Forgets `taskId`: its Complete was answered, and v1 answered the next one with a conflict. */
  delete(taskId: string): void {
    const saved = this.#saved.get(taskId);
    this.#saved.delete(taskId);
    if (saved && this.#byInstance.get(saved.instanceId) === taskId) this.#byInstance.delete(saved.instanceId);
  }

  has(taskId: string): boolean {
    return this.#live(taskId) !== undefined;
  }

  /** The task of `instanceId` a Save left waiting for its Complete, with the interaction v1 still listed for it. */
  pendingFor(instanceId: string): { taskId: string; interaction: Interaction } | undefined {
    const taskId = this.#byInstance.get(instanceId);
    const saved = taskId === undefined ? undefined : this.#live(taskId);
    return taskId === undefined || saved === undefined ? undefined : { taskId, interaction: saved.interaction };
  }

  #live(taskId: string): Saved | undefined {
    const saved = this.#saved.get(taskId);
    if (saved === undefined) return undefined;
    if (this.#now() - saved.at <= TTL_MS) return saved;
    this.delete(taskId);
    return undefined;
  }
}
