import { dropUndefined } from '@journey-bridge/contract';
import { documentFields } from '../document-sides.js';
import type { Instance } from '../engine.js';
import type { ElementForm, PageInput } from './form-model.js';

/** `FullName`: first and last name; the last name is stored as the one entry of `lastNames`. */
export function fullName(required: boolean): ElementForm {
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
      return { identity: dropUndefined({ firstName, lastNames: lastName === undefined ? undefined : [lastName] }) };
    },
  };
}

/** `DateOfBirth`: a date input. */
export function dateOfBirth(required: boolean): ElementForm {
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

/** `CurrentAddress`: its lines (a line each), town, postal code and country. */
export function currentAddress(required: boolean): ElementForm {
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
      return { identity: { currentAddress: dropUndefined({ lines: split, locality, postalCode, country }) } };
    },
  };
}

/** `SSN`: the number, as `idNumbers[type=ssn]`; never shown again. */
export function ssn(required: boolean): ElementForm {
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
export function primaryDocument(instance: Instance, required: boolean): ElementForm | undefined {
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
      return { documents: [dropUndefined({ type: 'Primary', side1Image, side2Image: side2Image ?? '' })] };
    },
  };
}

/** `Selfie`: an image upload. */
export function selfie(required: boolean): ElementForm {
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
