import { type ElementCatalogue, mergeSubject, type Subject, type SubmitRequest } from '@journey-bridge/contract';
import { hasSide1, side2Of } from './document-sides.js';
import { currentSegment, type Instance, isProvided, type JourneyEngine, phaseOf } from './engine.js';
import { quote, SimError } from './sim-error.js';
import { interactionIdOf } from './views-v2.js';

/**
 * An element already provided is refused with 409 `4003 INVALID_FIELD`, as the field notes report for the live
 * service (the specification says only 409): no code of its own says "taken before". The action says it.
 */
const ALREADY_STORED = 'Do not send it again: the element is already stored.';

/** A participant of a submit: the ref it named (`Selfie/selfieImage`) and the element that ref stands for (`Selfie`). */
export interface ParticipantRef {
  readonly ref: string;
  readonly element: string;
}

/** What a submit brings to one instance, whoever sends it (the v2 submit endpoint, or the hosted page). */
export interface Submission {
  /** The interaction the caller saw: a stale one is refused. */
  readonly interactionId: string;
  /** The participants (see `participantRefs`); `undefined` when the submit names none. */
  readonly refs: readonly ParticipantRef[] | undefined;
  /** `context.subject` as sent, its structure unchecked; `undefined` when the submit carries no `context`. */
  readonly subject: Subject | undefined;
}

/**
 * A participant's element, named as itself (`Selfie`) or by one of its fields (`Selfie/selfieImage`) as live
 * tenants take it, among the elements the journey knows.
 */
function participantElement(catalogue: ElementCatalogue, ref: string, index: number): string {
  const [element = '', field] = ref.split('/');
  const known = catalogue.get(element);
  if (!known || (field !== undefined && !known.fields.some(({ name }) => name === field))) {
    throw new SimError({
      kind: 'INVALID_FIELD',
      problem: `participants.${index}.domainElementId: must be a domain element or one of its fields, such as PrimaryDocument/side1Image`,
    });
  }
  return element;
}

/** Resolves a submit's participants to the elements they name (400 for a ref the journey does not know). */
export function participantRefs(catalogue: ElementCatalogue, participants: SubmitRequest['participants']): ParticipantRef[] | undefined {
  return participants?.map(({ domainElementId }, index) => ({
    ref: domainElementId,
    element: participantElement(catalogue, domainElementId, index),
  }));
}

/** The distinct elements of a submit's participants, as the journal records them. */
export const participantElements = (refs: readonly ParticipantRef[] | undefined): string[] => [
  ...new Set(refs?.map((entry) => entry.element)),
];

/** Live tenants spell the primary document's `type` both `Primary` and `primary`; the domain elements know the first. */
export function withCanonicalDocumentType(subject: Subject): Subject {
  // A submitted subject is unchecked: `documents` may be anything, its entries too.
  if (!Array.isArray(subject.documents) || !subject.documents.some((document) => document?.type === 'primary')) return subject;
  return {
    ...subject,
    documents: subject.documents.map((document) => (document?.type === 'primary' ? { ...document, type: 'Primary' } : document)),
  };
}

/**
 * The stored document completed by the back a submit brings, as one `Primary` document. Refused as the element
 * would be: 400 when the submit carries no back, 409 when it is not an image.
 */
function documentWithBack(catalogue: ElementCatalogue, stored: Subject, submitted: Subject): Subject {
  const side2Image = side2Of(submitted);
  if (side2Image === undefined) {
    throw new SimError({
      kind: 'MISSING_FIELD',
      problem: 'PrimaryDocument/side2Image is missing: context.subject.documents[type=Primary].side2Image',
    });
  }
  // An untyped side joins the stored Primary document; picking folds the two into one.
  const merged = mergeSubject(stored, { documents: [{ side2Image }] });
  const problem = catalogue.problem(merged, 'PrimaryDocument');
  if (problem) throw new SimError({ kind: 'INVALID_FIELD_CONFLICT', problem });
  return catalogue.get('PrimaryDocument')?.pick(merged) ?? {};
}

/**
 * Takes a submit for the instance's active interaction (interaction rules 3–7) and lets the journey advance, or
 * refuses it with a `SimError` and stores nothing: 409 once the journey has ended; 400 while modules run or for a
 * stale `interactionId`; nothing changes without participants; 400 for participants without a subject or for an
 * element the interaction does not collect; 409 for an element already provided; 400 for a required element with
 * no data, 409 for one with invalid data; an optional element that is absent or invalid is dropped silently.
 */
export function submitInteraction(engine: JourneyEngine, instance: Instance, { interactionId, refs, subject: sent }: Submission): void {
  if (instance.status === 'Paused') {
    // Not ended: the same code, but the ended journey's action ("never retry") would make a client give it up.
    throw new SimError({
      kind: 'JOURNEY_NOT_ACTIVE',
      problem: 'the journey is Paused: no interaction accepts data until it resumes',
      action: 'Fetch the interaction again once the journey has resumed.',
    });
  }
  if (instance.status !== 'InProgress') {
    // A tenant whose decided journeys keep reading InProgress never shows "Completed": the problem says what its client saw.
    const ended = instance.status === 'Completed' && instance.journey.decidedStatus === 'InProgress' ? 'decided' : instance.status;
    throw new SimError({ kind: 'JOURNEY_NOT_ACTIVE', problem: `the journey is ${ended}: no interaction accepts data` });
  }
  const segment = currentSegment(instance);
  if (phaseOf(instance) !== 'collecting' || !segment) {
    throw new SimError({
      kind: 'INVALID_FIELD',
      problem: 'no interaction is active while modules run: poll interaction fetch until an interactionId appears',
      // Nothing the end user typed is wrong: the generic "correct the field" would have them retype it.
      action: 'Poll interaction fetch, then submit to the interactionId it gives.',
    });
  }
  if (interactionId !== interactionIdOf(instance, segment.id)) {
    throw new SimError({
      kind: 'INVALID_FIELD',
      problem: `interactionId ${quote(interactionId)} is not the active interaction`,
      action: 'Fetch the interaction again and submit to its interactionId.',
    });
  }
  // A submit with context but no participants is accepted and changes nothing (as the live service does).
  if (refs === undefined) return;
  if (!sent) throw new SimError({ kind: 'MISSING_FIELD', problem: 'context.subject is required with participants' });

  const { catalogue } = instance.journey;
  const ids = participantElements(refs);
  const collects = new Map(segment.collects.map((entry) => [entry.element, entry.spec]));
  const notCollected = ids.filter((id) => !collects.has(id));
  if (notCollected.length > 0) {
    throw new SimError({ kind: 'INVALID_FIELD', problem: `${notCollected.join(', ')} not collected by this interaction` });
  }
  const already = ids.filter((id) => isProvided(instance, id));
  if (already.length > 0) {
    throw new SimError({ kind: 'INVALID_FIELD_CONFLICT', problem: `${already.join(', ')} already submitted`, action: ALREADY_STORED });
  }
  const subject = withCanonicalDocumentType(sent);
  // The document's front is in and its back awaited: this submit may bring the back, and nothing but the back.
  const backOnly = ids.includes('PrimaryDocument') && hasSide1(instance.subject);
  const namesFront = refs.some(({ ref }) => ref === 'PrimaryDocument' || ref === 'PrimaryDocument/side1Image');
  if (backOnly && namesFront && hasSide1(subject)) {
    throw new SimError({ kind: 'INVALID_FIELD_CONFLICT', problem: 'PrimaryDocument/side1Image already submitted', action: ALREADY_STORED });
  }
  const whole = ids.filter((id) => !(backOnly && id === 'PrimaryDocument'));
  const required = whole.filter((id) => collects.get(id) === 'required');
  const missing = required.filter((id) => catalogue.get(id)?.pick(subject) === undefined);
  if (missing.length > 0) {
    throw new SimError(missing.map((id) => ({ kind: 'MISSING_FIELD' as const, problem: catalogue.problem(subject, id) ?? id })));
  }
  const invalid = required.filter((id) => !catalogue.isValid(subject, id));
  if (invalid.length > 0) {
    throw new SimError(invalid.map((id) => ({ kind: 'INVALID_FIELD_CONFLICT' as const, problem: catalogue.problem(subject, id) ?? id })));
  }
  // Optional elements that are absent or invalid are dropped without a word (interaction rule 6).
  const accepted = whole.filter((id) => catalogue.isValid(subject, id));
  let taken = accepted.reduce<Subject>((sum, id) => mergeSubject(sum, catalogue.get(id)?.pick(subject) ?? {}), {});
  if (backOnly) taken = mergeSubject(taken, documentWithBack(catalogue, instance.subject, subject));
  engine.accept(instance, taken);
}
