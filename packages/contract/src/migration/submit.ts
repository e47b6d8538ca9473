import type { CollectedRef, ElementCatalogue } from '../element-catalogue.js';
import { valueAt } from '../element-description.js';
import type { Subject } from '../subject.js';
import type { Interaction, ParticipantRef } from '../v2.js';
import { backRequired, MISSING_BACK } from './document-back.js';
import { collectedElements, SPECIFICATION_CATALOGUE } from './task-schema.js';
import { IncompleteTaskError } from './translation-errors.js';

/** What a v1 `task/update` becomes: the v2 submit's participants and subject, and what the plan could not settle. */
export interface SubmitPlan {
  readonly participants: readonly { domainElementId: ParticipantRef }[];
  readonly subject: Subject;
  /**
   * Elements the interaction no longer has outstanding whose data the subject carries: v2 holds them and cannot
   * take them again, so they are left out, and whoever sends the plan compares them with what the journey holds.
   */
  readonly provided: readonly string[];
  /**
   * Elements the interaction still needs that the catalogue has no description of, so the plan cannot check them:
   * a whole submit names them anyway (v2 decides); a partial one leaves them out.
   */
  readonly undescribed: readonly CollectedRef[];
}

export interface PlanOptions {
  /** Submit what is valid without requiring the rest (v1 `Save`). @default false */
  partial?: boolean;
  /** The elements the plan can check: the specification's six, and those described. @default the six */
  catalogue?: ElementCatalogue;
}

/**
 * Plans the v2 submit for a v1 `task/update`. Participants are the elements the interaction still has outstanding
 * and the subject validly carries: elements already provided are left out (v2 would answer 409) and reported in
 * `provided`, invalid optional ones are dropped (v2 would drop them). A required outstanding element that is
 * missing or invalid refuses the whole update, as v1 did, before anything is sent. Where `outstanding` names an
 * element's fields (`PrimaryDocument/side1Image`), participants name the fields the subject fills; such a list
 * never names the children of an optional element, so optional elements the subject carries go as well.
 *
 * Elements the catalogue does not describe go as they are named (their outstanding fields, or the element) for v2
 * to check, on a whole submit: a `Complete`, or a partial one that carries every required element the catalogue
 * can check while no undescribed one is required, since that submit completes the interaction and is the last
 * chance for their data (v2 drops an optional one the subject does not validly carry).
 */
export function planSubmit(
  interaction: Interaction,
  subject: Subject,
  { partial = false, catalogue = SPECIFICATION_CATALOGUE }: PlanOptions = {},
): SubmitPlan {
  const elements = collectedElements(interaction.interaction?.collects ?? []);
  const reported = new Set(interaction.outstanding.map((entry) => entry.split('/')[0] ?? entry));
  // An interaction that reports no outstanding list at all still needs every element it collects.
  const outstanding = interaction.outstanding.length > 0 ? reported : new Set(elements.map((element) => element.id));
  const byField = interaction.outstanding.some((entry) => entry.includes('/'));
  const isPending = (element: CollectedRef) => outstanding.has(element.id) || (byField && element.spec !== 'required');
  const known = elements.filter(({ id }) => catalogue.get(id) !== undefined);
  const pending = known.filter(isPending);
  const undescribed = elements.filter((element) => catalogue.get(element.id) === undefined && isPending(element));

  const problems = pending.flatMap(({ id, spec }) => (spec === 'required' ? (catalogue.problem(subject, id) ?? []) : []));
  // The back, once v2 needs it, is required whatever the document's spec: a caller that sends the document sends it.
  const document = pending.find(({ id }) => id === 'PrimaryDocument');
  if (document && backRequired(interaction) && !problems.some((problem) => problem.startsWith('PrimaryDocument')))
    if (document.spec === 'required' || catalogue.get('PrimaryDocument')?.pick(subject) !== undefined)
      if (!isFilled(fieldValue(catalogue, subject, 'PrimaryDocument', 'side2Image'))) problems.push(MISSING_BACK);
  if (!partial && problems.length > 0) throw new IncompleteTaskError(problems);
  const whole = !partial || (problems.length === 0 && !undescribed.some(({ spec }) => spec === 'required'));

  const participants = [
    ...pending
      .filter(({ id }) => catalogue.isValid(subject, id))
      .flatMap(({ id }) => participantsFor(id, interaction.outstanding, subject, catalogue)),
    ...(whole ? undescribed.flatMap(({ id }) => namedIn(id, interaction.outstanding)) : []),
  ];
  const provided = known
    .filter((element) => !isPending(element) && catalogue.get(element.id)?.pick(subject) !== undefined)
    .map(({ id }) => id);
  return { participants, subject, provided, undescribed };
}

/** The outstanding fields of `id` (`Consent/dataProcessing`), or the element itself when none are named. */
function namedIn(id: string, outstanding: readonly string[]): { domainElementId: ParticipantRef }[] {
  const fields = outstanding.filter((entry) => entry.startsWith(`${id}/`));
  return fields.length === 0 ? [{ domainElementId: id }] : fields.map((field) => ({ domainElementId: field }));
}

/** The element itself, or its outstanding fields that the subject fills when `outstanding` is field-level. */
function participantsFor(
  id: string,
  outstanding: readonly string[],
  subject: Subject,
  catalogue: ElementCatalogue,
): { domainElementId: ParticipantRef }[] {
  const fields = outstanding.flatMap((entry) => (entry.startsWith(`${id}/`) ? [entry.slice(id.length + 1)] : []));
  if (fields.length === 0) return [{ domainElementId: id }];
  const filled = fields.filter((field) => isFilled(fieldValue(catalogue, subject, id, field)));
  return filled.map((field) => ({ domainElementId: `${id}/${field}` }));
}

/** Whether a value fills a field: not left out, not empty (the back of a one-sided document is `""`). */
export const isFilled = (value: unknown): boolean => value !== undefined && value !== '' && value !== null;

/**
 * The value `subject` gives field `field` of element `id` (`side1Image` of `PrimaryDocument`): a described field at
 * its own path, a field of the six as the first filled key of that name in the element's part of the subject.
 */
export function fieldValue(catalogue: ElementCatalogue, subject: Subject, id: string, field: string): unknown {
  const element = catalogue.get(id);
  const path = element?.fields.find(({ name }) => name === field)?.path;
  return path === undefined ? filledKey(element?.pick(subject), field) : valueAt(subject, path);
}

/** The first filled value of key `field` anywhere inside `value`. */
function filledKey(value: unknown, field: string): unknown {
  if (value === null || typeof value !== 'object') return undefined;
  for (const [key, inner] of Object.entries(value)) {
    const found = key === field && isFilled(inner) ? inner : filledKey(inner, field);
    if (found !== undefined) return found;
  }
  return undefined;
}
