import type { ElementSpec, Subject } from '@journey-bridge/contract';
import { currentSegment, type Instance, isProvided } from '../engine.js';
import { currentAddress, dateOfBirth, fullName, primaryDocument, selfie, ssn } from './built-in-forms.js';
import { described } from './described-form.js';

/** How an input is shown and read: text of a kind, address lines, an upload, a consent box or a yes/no choice. */
export type InputKind = 'text' | 'email' | 'tel' | 'date' | 'lines' | 'file' | 'consent' | 'yes-no';

/** One labelled input of the hosted form. */
export interface PageInput {
  /** The form field's name: the field's ref (`FullName/firstName`), or a part of it (`CurrentAddress/currentAddress.locality`). */
  readonly name: string;
  readonly label: string;
  readonly kind: InputKind;
  readonly required: boolean;
  /** Whether a form shown again after a refused submit may hold what was typed: never identity numbers or images. */
  readonly echo: boolean;
  readonly hint?: string;
  /** The types of file an upload takes (`image/*`). */
  readonly accept?: string;
  /** The browser's autofill token. */
  readonly autocomplete?: string;
}

/** The values of a submitted form that are not empty, by input name: text trimmed, uploads as base64. */
export type FormValues = ReadonlyMap<string, string>;

/** One element of the current interaction the hosted form asks for. */
export interface PageElement {
  readonly id: string;
  readonly spec: ElementSpec;
  readonly label: string;
  readonly inputs: readonly PageInput[];
  /** The participant's ref: the element, or `PrimaryDocument/side2Image` when only the back is awaited. */
  readonly ref: string;
  /** The element's part of `context.subject` built from the form's values; `undefined` when none was given. */
  subject(values: FormValues): Subject | undefined;
}

/** How the form asks for one element: a `PageElement` before the interaction gives it its id and spec. */
export type ElementForm = Omit<PageElement, 'id' | 'spec'>;

/** How the form asks for element `id`: one of the six, or one the journey describes; `undefined` for nothing to ask now. */
function elementForm(instance: Instance, id: string, required: boolean): ElementForm | undefined {
  switch (id) {
    case 'FullName':
      return fullName(required);
    case 'DateOfBirth':
      return dateOfBirth(required);
    case 'CurrentAddress':
      return currentAddress(required);
    case 'SSN':
      return ssn(required);
    case 'PrimaryDocument':
      return primaryDocument(instance, required);
    case 'Selfie':
      return selfie(required);
  }
  const fields = instance.journey.elements[id]?.fields;
  return fields && described(id, fields, required);
}

/**
 * What the hosted form asks for now: each element of the current interaction not yet provided (as by-element
 * `outstanding` lists them, optional ones included), with one input per field the element catalogue gives it,
 * the document's back only as the journey's side-2 policy and the classification allow. Empty while modules run,
 * after the end, and while nothing but a lazy classification is awaited.
 */
export function pageElements(instance: Instance): PageElement[] {
  const segment = currentSegment(instance);
  if (!segment || instance.processingUntil !== undefined) return [];
  return segment.collects.flatMap(({ element, spec }) => {
    if (isProvided(instance, element)) return [];
    const form = elementForm(instance, element, spec === 'required');
    return form ? [{ id: element, spec, ...form }] : [];
  });
}
