import type { DescribedField, ElementSpec, FieldFormat, Subject } from '@journey-bridge/contract';
import { documentFields } from '../document-sides.js';
import { currentSegment, type Instance, isProvided } from '../engine.js';

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

type ElementForm = Omit<PageElement, 'id' | 'spec'>;

/** `dataProcessing` → `data processing`, `MobilePhone` → `Mobile phone`. */
const words = (name: string): string => name.replace(/(?<=[a-z0-9])(?=[A-Z])/g, ' ').toLowerCase();
const capitalised = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

/** Drops keys whose value is `undefined`. */
const compact = <T extends object>(value: T): T => Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;

/** Sets `value` at a dotted path, creating the objects on the way (paths are checked by `DescribedElements`). */
function setAt(target: Record<string, unknown>, path: string, value: unknown): void {
  const keys = path.split('.');
  const last = keys.pop() as string;
  let node = target;
  for (const key of keys) {
    const next = Object.hasOwn(node, key) ? node[key] : undefined;
    if (typeof next === 'object' && next !== null) {
      node = next as Record<string, unknown>;
    } else {
      const created: Record<string, unknown> = {};
      node[key] = created;
      node = created;
    }
  }
  node[last] = value;
}

function fullName(required: boolean): ElementForm {
  return {
    label: 'Full name',
    ref: 'FullName',
    inputs: [
      { name: 'FullName/firstName', label: 'First name', kind: 'text', required, echo: true, autocomplete: 'given-name' },
      { name: 'FullName/lastNames', label: 'Last name', kind: 'text', required, echo: true, autocomplete: 'family-name' },
    ],
    subject: (values) => {
      const firstName = values.get('FullName/firstName');
      const lastName = values.get('FullName/lastNames');
      if (firstName === undefined && lastName === undefined) return undefined;
      return { identity: compact({ firstName, lastNames: lastName === undefined ? undefined : [lastName] }) };
    },
  };
}

function dateOfBirth(required: boolean): ElementForm {
  return {
    label: 'Date of birth',
    ref: 'DateOfBirth',
    inputs: [{ name: 'DateOfBirth/dateOfBirth', label: 'Date of birth', kind: 'date', required, echo: true, autocomplete: 'bday' }],
    subject: (values) => {
      const dateOfBirth = values.get('DateOfBirth/dateOfBirth');
      return dateOfBirth === undefined ? undefined : { identity: { dateOfBirth } };
    },
  };
}

const ADDRESS_PARTS = [
  { part: 'lines', label: 'Address lines', kind: 'lines', autocomplete: 'street-address', hint: 'one line each' },
  { part: 'locality', label: 'Town or city', kind: 'text', autocomplete: 'address-level2' },
  { part: 'postalCode', label: 'Postal code', kind: 'text', autocomplete: 'postal-code' },
  { part: 'country', label: 'Country', kind: 'text', autocomplete: 'country', hint: 'two-letter code, such as GB' },
] as const;

function currentAddress(required: boolean): ElementForm {
  const name = (part: string) => `CurrentAddress/currentAddress.${part}`;
  return {
    label: 'Current address',
    ref: 'CurrentAddress',
    inputs: ADDRESS_PARTS.map(({ part, ...input }) => ({ ...input, name: name(part), required, echo: true })),
    subject: (values) => {
      const [lines, locality, postalCode, country] = ADDRESS_PARTS.map(({ part }) => values.get(name(part)));
      if ([lines, locality, postalCode, country].every((value) => value === undefined)) return undefined;
      const split = lines
        ?.split(/\r?\n/)
        .map((line) => line.trim())
        .filter(Boolean);
      return { identity: { currentAddress: compact({ lines: split, locality, postalCode, country }) } };
    },
  };
}

function ssn(required: boolean): ElementForm {
  return {
    label: 'Social security number',
    ref: 'SSN',
    inputs: [
      {
        name: 'SSN/idNumber',
        label: 'Social security number',
        kind: 'text',
        required,
        echo: false,
        hint: 'such as 123-45-6789',
        autocomplete: 'off',
      },
    ],
    subject: (values) => {
      const idNumber = values.get('SSN/idNumber');
      return idNumber === undefined ? undefined : { identity: { idNumbers: [{ idNumber, type: 'ssn' }] } };
    },
  };
}

/**
 * The document's sides still wanted: the front while it is missing (with the back, required or optional, as the
 * journey's policy says), then the back alone once it is required. `undefined` while a lazy classification reads
 * the front: the platform asks for the back only once it has decided.
 */
function primaryDocument(instance: Instance, required: boolean): ElementForm | undefined {
  const sides = documentFields(instance.subject, instance.side2, false);
  const backOnly = sides.length === 1 && sides[0] === 'side2Image';
  const back: PageInput = {
    name: 'PrimaryDocument/side2Image',
    label: 'Back of the document',
    kind: 'file',
    accept: 'image/*',
    required: required && instance.side2 === 'required',
    echo: false,
    ...(instance.side2 === 'optional' && { hint: 'if it has one' }),
  };
  const inputs: PageInput[] = backOnly ? [back] : [];
  if (sides.includes('side1Image')) {
    inputs.push({
      name: 'PrimaryDocument/side1Image',
      label: 'Front of the document',
      kind: 'file',
      accept: 'image/*',
      required,
      echo: false,
    });
    if (instance.side2 !== 'undecided') inputs.push(back);
  }
  if (inputs.length === 0) return undefined;
  return {
    label: 'Identity document',
    ref: backOnly ? 'PrimaryDocument/side2Image' : 'PrimaryDocument',
    inputs,
    subject: (values) => {
      const side1Image = values.get('PrimaryDocument/side1Image');
      const side2Image = values.get('PrimaryDocument/side2Image');
      if (backOnly) return side2Image === undefined ? undefined : { documents: [{ type: 'Primary', side2Image }] };
      if (side1Image === undefined && side2Image === undefined) return undefined;
      return { documents: [compact({ type: 'Primary', side1Image, side2Image: side2Image ?? '' })] };
    },
  };
}

function selfie(required: boolean): ElementForm {
  return {
    label: 'Selfie',
    ref: 'Selfie',
    inputs: [{ name: 'Selfie/selfieImage', label: 'A photo of your face', kind: 'file', accept: 'image/*', required, echo: false }],
    subject: (values) => {
      const selfieImage = values.get('Selfie/selfieImage');
      return selfieImage === undefined ? undefined : { biometrics: [{ selfieImage }] };
    },
  };
}

const KINDS: Readonly<Record<FieldFormat, InputKind>> = {
  text: 'text',
  email: 'email',
  phone: 'tel',
  date: 'date',
  boolean: 'yes-no',
  accepted: 'consent',
  base64: 'file',
};
const HINTS: Partial<Record<FieldFormat, string>> = { phone: 'in international format, such as +447700900123' };

/** A form value as the field's format stores it: a yes/no choice or a ticked consent as a boolean. */
const typed = (format: FieldFormat, value: string): unknown =>
  format === 'boolean' ? value === 'yes' : format === 'accepted' ? value === 'true' : value;

/** An element the journey describes as data (`MobilePhone`): one input per field, of its format. */
function described(id: string, fields: Readonly<Record<string, DescribedField>>, required: boolean): ElementForm {
  const entries = Object.entries(fields).map(([field, description]) => ({ name: `${id}/${field}`, field, description }));
  return {
    label: capitalised(words(id)),
    ref: id,
    inputs: entries.map(({ name, field, description: { format, required: fieldRequired } }) => ({
      name,
      label: capitalised(words(field)),
      kind: KINDS[format],
      required: required && fieldRequired,
      echo: format !== 'base64',
      ...(HINTS[format] && { hint: HINTS[format] }),
    })),
    subject: (values) => {
      const part: Record<string, unknown> = {};
      let given = false;
      for (const { name, description } of entries) {
        const value = values.get(name);
        if (value === undefined) continue;
        setAt(part, description.path, typed(description.format, value));
        given = true;
      }
      return given ? part : undefined;
    },
  };
}

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
