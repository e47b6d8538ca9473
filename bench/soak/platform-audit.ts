import { isDeepStrictEqual } from 'node:util';
import type { JournalEntry, Simulator } from '@journey-bridge/simulator';
import type { Verification } from './legacy-app.js';

/**
 * Copies the simulator's request journal as it grows, so that none of it is lost to the journal's cap on a long
 * run. `gaps` counts entries that were dropped before they were copied (drain more often if it is not 0).
 */
export class JournalTap {
  readonly entries: JournalEntry[] = [];
  gaps = 0;
  #lastSeq = 0;
  readonly #sim: Simulator;

  constructor(sim: Simulator) {
    this.#sim = sim;
  }

  drain(): void {
    for (const entry of this.#sim.core.journal.list()) {
      if (entry.seq <= this.#lastSeq) continue;
      this.gaps += entry.seq - this.#lastSeq - 1;
      this.entries.push(entry);
      this.#lastSeq = entry.seq;
    }
  }
}

/** What the platform holds after a soak, checked against what the app believes it did. */
export interface Audit {
  /** Journeys started beyond the first for one customer (`context.subject.uid`). */
  readonly duplicateJourneys: number;
  /** Journeys the platform created that belong to no customer of the run. */
  readonly strayJourneys: number;
  /** Submits the platform accepted beyond the first for one instance and the same elements. */
  readonly duplicateSubmissions: number;
  /** Subject parts the app sent (prefill and tasks) that its instance does not hold. */
  readonly lostElements: number;
  /** Verifications whose instance is not the customer's own. */
  readonly foreignInstances: number;
}

/** Whether `held` holds `sent`: every field of an object (merged parts may add others), arrays and values as they are. */
function holds(held: unknown, sent: unknown): boolean {
  if (typeof sent !== 'object' || sent === null || Array.isArray(sent)) return isDeepStrictEqual(held, sent);
  if (typeof held !== 'object' || held === null) return false;
  return Object.entries(sent).every(([key, value]) => holds((held as Record<string, unknown>)[key], value));
}

const endsWith = (entry: JournalEntry, suffix: string) => entry.path.endsWith(suffix);

export function audit(sim: Simulator, entries: readonly JournalEntry[], verifications: readonly Verification[]): Audit {
  const instancesOf = new Map<string, Set<string>>();
  let strayJourneys = 0;
  for (const entry of entries) {
    if (!endsWith(entry, '/journey/start') || entry.status !== 201 || !entry.instanceId) continue;
    const uid = sim.core.engine.get(entry.instanceId)?.subject.uid;
    if (typeof uid !== 'string') {
      strayJourneys += 1;
      continue;
    }
    instancesOf.set(uid, (instancesOf.get(uid) ?? new Set()).add(entry.instanceId));
  }
  const duplicateJourneys = [...instancesOf.values()].reduce((sum, instances) => sum + instances.size - 1, 0);

  const accepted = new Map<string, number>();
  for (const entry of entries) {
    // Handled submits only: a fault's answer (a truncated 200) names no instance, and the platform took nothing.
    if (!endsWith(entry, '/interaction/submit') || entry.status !== 200 || !entry.instanceId) continue;
    const key = `${entry.instanceId} ${[...(entry.participants ?? [])].sort().join(',')}`;
    accepted.set(key, (accepted.get(key) ?? 0) + 1);
  }
  const duplicateSubmissions = [...accepted.values()].reduce((sum, count) => sum + count - 1, 0);

  let lostElements = 0;
  let foreignInstances = 0;
  for (const { customer, instanceId, submitted } of verifications) {
    const held = sim.core.engine.get(instanceId)?.subject as Record<string, unknown> | undefined;
    if (held?.uid !== customer.uid) foreignInstances += 1;
    for (const part of [customer.prefill, ...submitted]) {
      for (const [key, value] of Object.entries(part)) if (!holds(held?.[key], value)) lostElements += 1;
    }
  }
  return { duplicateJourneys, strayJourneys, duplicateSubmissions, lostElements, foreignInstances };
}
