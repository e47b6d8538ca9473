import { type DomainElementId, hasValidElement, outstandingElements, requiredElementProblems } from '../domain-elements.js';
import type { Subject } from '../subject.js';
import type { Interaction } from '../v2.js';
import { knownCollects } from './task-schema.js';
import { IncompleteTaskError } from './translation-errors.js';

/** What a v1 `Complete` becomes: the v2 submit's participants and subject. */
export interface SubmitPlan {
  readonly participants: readonly { domainElementId: DomainElementId }[];
  readonly subject: Subject;
}

export interface PlanOptions {
  /** Submit what is valid without requiring the rest (v1 `Save`). @default false */
  partial?: boolean;
}

/**
 * Plans the v2 submit for a v1 `task/update` with `intent: Complete`. Participants are the elements the
 * interaction still has outstanding and the subject validly carries: elements already provided are left out
 * (v2 would answer 409), invalid optional ones are dropped (v2 would drop them). A required outstanding element
 * that is missing or invalid refuses the whole update, as v1 did, before anything is sent.
 */
export function planSubmit(interaction: Interaction, subject: Subject, { partial = false }: PlanOptions = {}): SubmitPlan {
  const elements = knownCollects(interaction.interaction?.collects ?? []);
  const reported = outstandingElements(interaction.outstanding);
  // An interaction that reports no outstanding list at all still needs every element it collects.
  const outstanding = new Set(interaction.outstanding.length > 0 ? reported : elements.map((element) => element.id));
  const pending = elements.filter((element) => outstanding.has(element.id));

  const problems = partial ? [] : requiredElementProblems(subject, pending);
  if (problems.length > 0) throw new IncompleteTaskError(problems);

  const participants = pending.filter((element) => hasValidElement(subject, element.id)).map(({ id }) => ({ domainElementId: id }));
  return { participants, subject };
}
