import {
  DOMAIN_ELEMENTS,
  DomainElementId,
  elementsCarriedBy,
  hasValidElement,
  outstandingElements,
  type Subject,
  subjectSchemaFor,
} from '@journey-bridge/contract';
import { describe, expect, it } from 'vitest';

const FRONT = '/9j/4AAQSkZJRgABAQ==';
const BACK = '/9j/4AAQSkZJRgABAw==';
const SELFIE = '/9j/4AAQSkZJRgABAg==';
const ADDRESS = { lines: ['12 Market Street'], locality: 'Springfield', postalCode: '62701', country: 'US' };

/** A subject that carries every element, plus data that belongs to none of them. */
const everything: Subject = {
  uid: 'customer-000184',
  identity: {
    firstName: 'Jane',
    middleNames: ['Anne'],
    lastNames: ['Doe'],
    dateOfBirth: '1988-04-12',
    currentAddress: ADDRESS,
    idNumbers: [
      { idNumber: 'P1234567', type: 'passport' },
      { idNumber: '123-45-6789', type: 'ssn' },
    ],
  },
  documents: [
    { type: 'ProofOfAddress', side1Image: SELFIE, side2Image: '' },
    { type: 'Primary', side1Image: FRONT, side2Image: BACK },
  ],
  biometrics: [{ selfieImage: SELFIE }],
};

describe('DOMAIN_ELEMENTS', () => {
  it('describes each known element under its own id', () => {
    expect(Object.keys(DOMAIN_ELEMENTS)).toEqual(DomainElementId.options);
    for (const id of DomainElementId.options) expect(DOMAIN_ELEMENTS[id].id).toBe(id);
  });

  it('maps each element to the subject paths it fills', () => {
    expect(DOMAIN_ELEMENTS.FullName.paths).toEqual(['identity.firstName', 'identity.middleNames', 'identity.lastNames']);
    expect(DOMAIN_ELEMENTS.DateOfBirth.paths).toEqual(['identity.dateOfBirth']);
    expect(DOMAIN_ELEMENTS.SSN.paths).toEqual(['identity.idNumbers[type=ssn]']);
    expect(DOMAIN_ELEMENTS.PrimaryDocument.fields).toEqual(['side1Image', 'side2Image']);
    expect(DOMAIN_ELEMENTS.Selfie.fields).toEqual(['selfieImage']);
  });
});

describe('pick', () => {
  it('FullName takes the name fields only', () => {
    expect(DOMAIN_ELEMENTS.FullName.pick(everything)).toEqual({
      identity: { firstName: 'Jane', middleNames: ['Anne'], lastNames: ['Doe'] },
    });
  });

  it('FullName leaves out absent fields rather than writing undefined', () => {
    const part = DOMAIN_ELEMENTS.FullName.pick({ identity: { firstName: 'Jane' } });
    expect(part).toEqual({ identity: { firstName: 'Jane' } });
    expect(Object.keys(part?.identity ?? {})).toEqual(['firstName']);
  });

  it('DateOfBirth and CurrentAddress take their one field', () => {
    expect(DOMAIN_ELEMENTS.DateOfBirth.pick(everything)).toEqual({ identity: { dateOfBirth: '1988-04-12' } });
    expect(DOMAIN_ELEMENTS.CurrentAddress.pick(everything)).toEqual({ identity: { currentAddress: ADDRESS } });
  });

  it('SSN keeps only the idNumbers of type ssn', () => {
    expect(DOMAIN_ELEMENTS.SSN.pick(everything)).toEqual({ identity: { idNumbers: [{ idNumber: '123-45-6789', type: 'ssn' }] } });
    expect(DOMAIN_ELEMENTS.SSN.pick({ identity: { idNumbers: [{ idNumber: 'P1234567', type: 'passport' }] } })).toBeUndefined();
  });

  it('PrimaryDocument takes the Primary document and ignores other types', () => {
    expect(DOMAIN_ELEMENTS.PrimaryDocument.pick(everything)).toEqual({
      documents: [{ type: 'Primary', side1Image: FRONT, side2Image: BACK }],
    });
    expect(DOMAIN_ELEMENTS.PrimaryDocument.pick({ documents: [{ type: 'ProofOfAddress', side1Image: FRONT }] })).toBeUndefined();
  });

  it('PrimaryDocument folds the sides a live v1 caller sends as separate untyped elements', () => {
    const split: Subject = { documents: [{ side1Image: FRONT }, { side2Image: BACK }] };
    expect(DOMAIN_ELEMENTS.PrimaryDocument.pick(split)).toEqual({
      documents: [{ type: 'Primary', side1Image: FRONT, side2Image: BACK }],
    });
  });

  it('PrimaryDocument without a back gets the empty side2Image the specification uses', () => {
    expect(DOMAIN_ELEMENTS.PrimaryDocument.pick({ documents: [{ side1Image: FRONT }] })).toEqual({
      documents: [{ type: 'Primary', side1Image: FRONT, side2Image: '' }],
    });
  });

  it('Selfie takes the first biometric that has a selfie', () => {
    const subject: Subject = { biometrics: [{ liveness: 'passive' }, { selfieImage: SELFIE }, { selfieImage: FRONT }] };
    expect(DOMAIN_ELEMENTS.Selfie.pick(subject)).toEqual({ biometrics: [{ selfieImage: SELFIE }] });
    expect(DOMAIN_ELEMENTS.Selfie.pick({ biometrics: [{}] })).toBeUndefined();
  });

  it('PrimaryDocument folds a list of some 130,000 parts', () => {
    const documents = Array.from({ length: 130_000 }, () => ({ type: 'Primary', side1Image: FRONT }));
    expect(DOMAIN_ELEMENTS.PrimaryDocument.pick({ documents })).toEqual({
      documents: [{ type: 'Primary', side1Image: FRONT, side2Image: '' }],
    });
  });

  it('every element picks nothing where a list or an object holds another JSON type', () => {
    const unchecked = { identity: { idNumbers: 'x' }, documents: [null, 7, 'x'], biometrics: 'x' } as unknown as Subject;
    for (const id of DomainElementId.options) expect(DOMAIN_ELEMENTS[id].pick(unchecked), id).toBeUndefined();
    const scalars = { identity: 'x', documents: 'x', biometrics: [null] } as unknown as Subject;
    for (const id of DomainElementId.options) expect(DOMAIN_ELEMENTS[id].pick(scalars), id).toBeUndefined();
  });

  it('every element picks nothing from an empty subject', () => {
    for (const id of DomainElementId.options) expect(DOMAIN_ELEMENTS[id].pick({}), id).toBeUndefined();
  });
});

describe('hasValidElement', () => {
  it('accepts every element of a complete subject', () => {
    for (const id of DomainElementId.options) expect(hasValidElement(everything, id), id).toBe(true);
  });

  it.each<[DomainElementId, Subject]>([
    ['FullName', { identity: { firstName: 'Jane' } }],
    ['FullName', { identity: { firstName: 'Jane', lastNames: [] } }],
    ['FullName', { identity: { firstName: '  ', lastNames: ['Doe'] } }],
    ['DateOfBirth', { identity: { dateOfBirth: '12/04/1988' } }],
    ['DateOfBirth', { identity: { dateOfBirth: '1990-02-30' } }],
    ['CurrentAddress', { identity: { currentAddress: { lines: ['12 Market Street'], locality: 'Springfield', country: 'US' } } }],
    ['CurrentAddress', { identity: { currentAddress: { ...ADDRESS, country: 'USA' } } }],
    ['SSN', { identity: { idNumbers: [{ idNumber: '12345', type: 'ssn' }] } }],
    ['PrimaryDocument', { documents: [{ type: 'Primary', side1Image: 'not an image!', side2Image: '' }] }],
    ['PrimaryDocument', { documents: [{ side2Image: BACK }] }],
    ['Selfie', { biometrics: [{ selfieImage: '' }] }],
  ])('rejects an invalid %s: %j', (id, subject) => {
    expect(hasValidElement(subject, id)).toBe(false);
  });

  it('rejects an element the subject does not carry', () => {
    expect(hasValidElement({ identity: { firstName: 'Jane', lastNames: ['Doe'] } }, 'DateOfBirth')).toBe(false);
  });

  it('accepts split document sides and an SSN listed beside other id numbers', () => {
    expect(hasValidElement({ documents: [{ side1Image: FRONT }, { side2Image: BACK }] }, 'PrimaryDocument')).toBe(true);
    expect(hasValidElement({ documents: [{ side1Image: FRONT }] }, 'PrimaryDocument')).toBe(true);
    expect(
      hasValidElement(
        {
          identity: {
            idNumbers: [
              { idNumber: 'X1', type: 'passport' },
              { idNumber: '123456789', type: 'ssn' },
            ],
          },
        },
        'SSN',
      ),
    ).toBe(true);
  });
});

describe('subjectSchemaFor', () => {
  const schema = subjectSchemaFor([
    { id: 'FullName', spec: 'required' },
    { id: 'DateOfBirth', spec: 'optional' },
    { id: 'Selfie', spec: 'conditional' },
  ]);
  const name = { firstName: 'Jane', lastNames: ['Doe'] };

  it('requires the required elements', () => {
    const result = schema.safeParse({ biometrics: [{ selfieImage: SELFIE }] });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path)).toEqual([['identity']]);
  });

  it('names the missing field of a partly given required element', () => {
    const result = schema.safeParse({ identity: { firstName: 'Jane' } });
    expect(result.error?.issues.map((issue) => issue.path)).toEqual([['identity', 'lastNames']]);
  });

  it('lets optional and conditional elements be absent', () => {
    expect(schema.safeParse({ identity: name }).success).toBe(true);
  });

  it('validates optional elements that are present', () => {
    const badDate = schema.safeParse({ identity: { ...name, dateOfBirth: '1988-13-01' } });
    expect(badDate.error?.issues.map((issue) => issue.path)).toEqual([['identity', 'dateOfBirth']]);
    const badSelfie = schema.safeParse({ identity: name, biometrics: [] });
    expect(badSelfie.error?.issues.map((issue) => issue.path)).toEqual([['biometrics']]);
  });

  it('passes subject fields that belong to no element through', () => {
    const parsed = schema.parse({ uid: 'customer-1', identity: { ...name, nationality: 'GB' }, addresses: [] });
    expect(parsed).toEqual({ uid: 'customer-1', identity: { ...name, nationality: 'GB' }, addresses: [] });
  });

  it('makes identity optional when only optional elements live there', () => {
    const optionalOnly = subjectSchemaFor([
      { id: 'DateOfBirth', spec: 'optional' },
      { id: 'PrimaryDocument', spec: 'required' },
    ]);
    const document = { documents: [{ type: 'Primary', side1Image: FRONT, side2Image: '' }] };
    expect(optionalOnly.safeParse(document).success).toBe(true);
    expect(optionalOnly.safeParse({}).error?.issues.map((issue) => issue.path)).toEqual([['documents']]);
  });

  it('accepts anything when nothing is collected', () => {
    expect(subjectSchemaFor([]).safeParse({ anything: true }).success).toBe(true);
  });
});

describe('outstandingElements', () => {
  it('reduces field-level entries to their elements, once each, in order', () => {
    expect(outstandingElements(['PrimaryDocument/side1Image', 'PrimaryDocument/side2Image', 'Selfie/selfieImage'])).toEqual([
      'PrimaryDocument',
      'Selfie',
    ]);
  });

  it('keeps element-level entries and mixes of both', () => {
    expect(outstandingElements(['FullName', 'DateOfBirth'])).toEqual(['FullName', 'DateOfBirth']);
    expect(outstandingElements(['Selfie/selfieImage', 'SSN'])).toEqual(['Selfie', 'SSN']);
  });

  it('drops entries that name no known element', () => {
    expect(outstandingElements(['Passport/number', 'selfieImage', ''])).toEqual([]);
    expect(outstandingElements([])).toEqual([]);
  });
});

describe('elementsCarriedBy', () => {
  it('lists the elements whose data the subject carries, valid or not', () => {
    const subject: Subject = { identity: { firstName: 'Jane', dateOfBirth: 'yesterday' }, biometrics: [{ selfieImage: SELFIE }] };
    expect(elementsCarriedBy(subject)).toEqual(['FullName', 'DateOfBirth', 'Selfie']);
  });

  it('finds all six in a complete subject and none in an empty one', () => {
    expect(elementsCarriedBy(everything)).toEqual(DomainElementId.options);
    expect(elementsCarriedBy({ uid: 'customer-1' })).toEqual([]);
  });
});
