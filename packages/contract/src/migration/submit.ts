import {
  DOMAIN_ELEMENTS,
  type DomainElementId,
  hasValidElement,
  outstandingElements,
  requiredElementProblems,
} from '../domain-elements.js';
import type { Subject } from '../subject.js';
import type { Interaction, ParticipantRef } from '../v2.js';
import { knownCollects } from './task-schema.js';
import { IncompleteTaskError } from './translation-errors.js';

/** What a v1 `Complete` becomes: the v2 submit's participants and subject. */
export interface SubmitPlan {
  readonly participants: readonly { domainElementId: ParticipantRef }[];
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
 * that is missing or invalid refuses the whole update, as v1 did, before anything is sent. Where `outstanding`
 * names an element's fields (`PrimaryDocument/side1Image`), participants name the fields the subject fills; such a
 * list never names the children of an optional element, so optional elements the subject carries go as well.
 */
export function planSubmit(interaction: Interaction, subject: Subject, { partial = false }: PlanOptions = {}): SubmitPlan {
  const elements = knownCollects(interaction.interaction?.collects ?? []);
  const reported = outstandingElements(interaction.outstanding);
  // An interaction that reports no outstanding list at all still needs every element it collects.
  const outstanding = new Set(interaction.outstanding.length > 0 ? reported : elements.map((element) => element.id));
  const byField = interaction.outstanding.some((entry) => entry.includes('/'));
  const pending = elements.filter((element) => outstanding.has(element.id) || (byField && element.spec !== 'required'));

  const problems = partial ? [] : requiredElementProblems(subject, pending);
  if (problems.length > 0) throw new IncompleteTaskError(problems);

  const participants = pending
    .filter((element) => hasValidElement(subject, element.id))
    .flatMap(({ id }) => participantsFor(id, interaction.outstanding, subject));
  return { participants, subject };
}

/** The element itself, or its outstanding fields that the subject fills when `outstanding` is field-level. */
function participantsFor(id: DomainElementId, outstanding: readonly string[], subject: Subject): { domainElementId: ParticipantRef }[] {
  const fields = outstanding.flatMap((entry) => (entry.startsWith(`${id}/`) ? [entry.slice(id.length + 1)] : []));
  if (fields.length === 0) return [{ domainElementId: id }];
  const picked = DOMAIN_ELEMENTS[id].pick(subject);
  const filled = fields.filter((field) => fills(picked, field));
  return filled.map((field) => ({ domainElementId: `${id}/${field}` as ParticipantRef }));
}

/** Whether `value` holds a non-empty `field` anywhere inside it. */
function fills(value: unknown, field: string): boolean {
  if (value === null || typeof value !== 'object') return false;
  return Object.entries(value).some(
    ([key, inner]) => (key === field && inner !== undefined && inner !== '' && inner !== null) || fills(inner, field),
  );
}
