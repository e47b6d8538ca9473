import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DescribedElements, ElementCatalogue, mergeSubject, subjectSchemaFor } from '../src/index.js';

const CONTACT = DescribedElements.parse({
  MobilePhone: { fields: { number: { path: 'contact.mobilePhone', format: 'phone' } } },
  EmailAddress: { fields: { email: { path: 'contact.email', format: 'email' } } },
  Consent: {
    fields: {
      dataProcessing: { path: 'consent.dataProcessing', format: 'accepted' },
      marketing: { path: 'consent.marketing', format: 'boolean', required: false },
    },
  },
});
const catalogue = new ElementCatalogue(CONTACT);

describe('ElementCatalogue', () => {
  it('knows the specification’s six first, then the described elements, with their fields', () => {
    expect(catalogue.ids).toEqual([
      'FullName',
      'DateOfBirth',
      'CurrentAddress',
      'PrimaryDocument',
      'Selfie',
      'SSN',
      'MobilePhone',
      'EmailAddress',
      'Consent',
    ]);
    expect(catalogue.get('PrimaryDocument')?.fields).toEqual([
      { name: 'side1Image', required: true },
      { name: 'side2Image', required: false },
    ]);
    expect(catalogue.get('Consent')?.fields).toEqual([
      { name: 'dataProcessing', required: true, path: 'consent.dataProcessing' },
      { name: 'marketing', required: false, path: 'consent.marketing' },
    ]);
    expect(catalogue.get('ShoeSize')).toBeUndefined();
    expect(new ElementCatalogue().get('MobilePhone')).toBeUndefined();
  });

  it('picks a described element’s fields at their paths, and nothing when the subject carries none', () => {
    const subject = { identity: { firstName: 'Ada' }, contact: { mobilePhone: '+447700900123', email: 'ada@example.com' } };
    expect(catalogue.get('MobilePhone')?.pick(subject)).toEqual({ contact: { mobilePhone: '+447700900123' } });
    expect(catalogue.get('Consent')?.pick(subject)).toBeUndefined();
    expect(catalogue.carriedBy(subject)).toEqual(['FullName', 'MobilePhone', 'EmailAddress']);
  });

  it('validates each field by its format and names paths, never values, in problems', () => {
    expect(catalogue.isValid({ contact: { mobilePhone: '+447700900123' } }, 'MobilePhone')).toBe(true);
    const local = { contact: { mobilePhone: '07700 900123' } };
    expect(catalogue.isValid(local, 'MobilePhone')).toBe(false);
    expect(catalogue.problem(local, 'MobilePhone')).toMatch(/^MobilePhone is not valid: context\.subject\.contact\.mobilePhone: /);
    expect(catalogue.problem(local, 'MobilePhone')).not.toContain('900123');
    expect(catalogue.problem({}, 'EmailAddress')).toBe('EmailAddress is missing: context.subject.contact.email');
    // Consent counts only when given; its optional field may be absent.
    expect(catalogue.isValid({ consent: { dataProcessing: true } }, 'Consent')).toBe(true);
    expect(catalogue.isValid({ consent: { dataProcessing: false, marketing: true } }, 'Consent')).toBe(false);
    expect(catalogue.isValid({ consent: { dataProcessing: true, marketing: 'yes' } }, 'Consent')).toBe(false);
  });

  it('answers for the six as the contract’s functions do', () => {
    const person = { identity: { firstName: 'Ada', lastNames: ['Lovelace'] } };
    expect(catalogue.isValid(person, 'FullName')).toBe(true);
    expect(catalogue.problem({}, 'DateOfBirth')).toBe('DateOfBirth is missing: context.subject.identity.dateOfBirth');
    // Only the fields the element needs: no middle names, no back of a document that may have one side.
    expect(catalogue.problem({}, 'FullName')).toBe(
      'FullName is missing: context.subject.identity.firstName, context.subject.identity.lastNames',
    );
    expect(catalogue.problem({}, 'PrimaryDocument')).toBe('PrimaryDocument is missing: context.subject.documents[type=Primary].side1Image');
  });

  it('builds the subject schema of the six exactly as before, and puts described fields beside them', () => {
    const six = [
      { id: 'FullName', spec: 'required' },
      { id: 'PrimaryDocument', spec: 'optional' },
    ] as const;
    const draft7 = (schema: z.ZodType) => z.toJSONSchema(schema, { target: 'draft-7', io: 'input' });
    expect(draft7(catalogue.subjectSchema(six))).toEqual(draft7(subjectSchemaFor(six)));

    const schema = catalogue.subjectSchema([...six, { id: 'MobilePhone', spec: 'required' }, { id: 'EmailAddress', spec: 'optional' }]);
    const person = { identity: { firstName: 'Ada', lastNames: ['Lovelace'] }, unknown: 1 };
    expect(schema.safeParse({ ...person, contact: { mobilePhone: '+447700900123' } }).success).toBe(true);
    expect(schema.safeParse(person).success).toBe(false);
    expect(schema.safeParse({ ...person, contact: { mobilePhone: '+447700900123', email: 'not an address' } }).success).toBe(false);
  });
});

describe('DescribedElements', () => {
  const issues = (value: unknown) => DescribedElements.safeParse(value).error?.issues.map(({ path, message }) => ({ path, message }));

  it('refuses redefining one of the six, paths inside the specification’s subject, and fields that overlap', () => {
    expect(issues({ Selfie: { fields: { image: { path: 'face.image', format: 'base64' } } } })).toEqual([
      { path: ['Selfie'], message: "is one of the specification's elements and cannot be redefined" },
    ]);
    expect(issues({ Phone: { fields: { number: { path: 'identity.phone', format: 'phone' } } } })?.[0]?.path).toEqual([
      'Phone',
      'fields',
      'number',
      'path',
    ]);
    expect(
      issues({
        MobilePhone: { fields: { number: { path: 'contact.phone', format: 'phone' } } },
        HomePhone: { fields: { number: { path: 'contact.phone.home', format: 'phone' } } },
      }),
    ).toEqual([{ path: ['HomePhone', 'fields', 'number', 'path'], message: 'overlaps MobilePhone/number (contact.phone)' }]);
  });

  it('refuses an element without a required field', () => {
    expect(issues({ Marketing: { fields: { optIn: { path: 'marketing.optIn', format: 'boolean', required: false } } } })).toEqual([
      { path: ['Marketing', 'fields'], message: 'at least one field must be required' },
    ]);
  });
});

describe('mergeSubject with described elements', () => {
  it('keeps both elements that share an object when they arrive in separate submits', () => {
    const merged = mergeSubject({ contact: { mobilePhone: '+447700900123' } }, { contact: { email: 'ada@example.com' } });
    expect(merged).toEqual({ contact: { mobilePhone: '+447700900123', email: 'ada@example.com' } });
    expect(catalogue.isValid(merged, 'MobilePhone') && catalogue.isValid(merged, 'EmailAddress')).toBe(true);
  });

  it('sets a __proto__ key as data, never as a prototype', () => {
    const merged = mergeSubject({ contact: { email: 'ada@example.com' } }, JSON.parse('{"contact":{"__proto__":{"polluted":true}}}'));
    expect(Object.getPrototypeOf(merged.contact)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
