import { DOMAIN_ELEMENTS, type ElementSpec, type Subject } from '@journey-bridge/contract';
import type { DocumentSide2 } from './journey-definition.js';

/** Whether the primary document's back is needed: known from the policy, or awaiting the lazy classification. */
export type Side2Need = 'optional' | 'required' | 'undecided';

/** The vendor's instructions on a document interaction. */
export const SIDE2_INSTRUCTIONS = {
  /** The back may be asked for once the front is read. */
  lazy: 'LazySide2CollectionRequired',
  required: 'Side2Required',
  done: 'Side2Done',
} as const;

/** The need a journey's document starts with. */
export const initialSide2Need = (policy: DocumentSide2): Side2Need =>
  policy === 'never' ? 'optional' : policy === 'always' ? 'required' : 'undecided';

/** `side2Image` in field-level `collects`: `conditional` while a lazy classification decides it. */
export const side2Spec = (policy: DocumentSide2): ElementSpec =>
  policy === 'never' ? 'optional' : policy === 'always' ? 'required' : 'conditional';

const primaryDocument = (subject: Subject) => DOMAIN_ELEMENTS.PrimaryDocument.pick(subject)?.documents?.[0];

/** Whether the subject holds the document's front. */
export const hasSide1 = (subject: Subject): boolean => Boolean(primaryDocument(subject)?.side1Image);

/** The document's back the subject holds, or `undefined` (the specification's `""` for "none" included). */
export const side2Of = (subject: Subject): string | undefined => primaryDocument(subject)?.side2Image || undefined;

/** Whether the subject holds the document's back. */
export const hasSide2 = (subject: Subject): boolean => side2Of(subject) !== undefined;

/** Whether the document is complete: its front, and its back once required; never while the need is undecided. */
export const documentComplete = (subject: Subject, need: Side2Need): boolean =>
  need === 'optional' || (need === 'required' && hasSide2(subject));

/**
 * The document's fields a caller can send now (a shrinking `outstanding`), or those it declares (a static one):
 * the front, and the back once required.
 */
export function documentFields(subject: Subject, need: Side2Need, declared: boolean): string[] {
  const fields: string[] = [];
  if (declared || !hasSide1(subject)) fields.push('side1Image');
  if (need === 'required' && (declared || !hasSide2(subject))) fields.push('side2Image');
  return fields;
}

/** The side-2 instruction of a document interaction; none when the journey never asks for a back. */
export function side2Instructions(policy: DocumentSide2, subject: Subject, need: Side2Need): string[] {
  if (policy === 'never') return [];
  if (need === 'undecided') return [SIDE2_INSTRUCTIONS.lazy];
  if (need === 'required' && !hasSide2(subject)) return [SIDE2_INSTRUCTIONS.required];
  return [SIDE2_INSTRUCTIONS.done];
}
