import { describe, expect, it } from 'vitest';
import { addedAfterSave, SPECIFICATION_CATALOGUE, type Subject, unheldElements } from '../src/index.js';

const FRONT = 'ZnJvbnQ=';
const BACK = 'YmFjaw==';
const held: Subject = {
  identity: {
    firstName: 'Ada',
    lastNames: ['Lovelace'],
    dateOfBirth: '1985-12-10',
    idNumbers: [{ idNumber: '123-45-6789', type: 'ssn' }],
  },
  documents: [{ type: 'Primary', side1Image: FRONT, side2Image: BACK }],
  biometrics: [{ selfieImage: 'c2VsZmll' }],
};
const added = (given: Subject, journeyHolds: Subject = held) => addedAfterSave(SPECIFICATION_CATALOGUE, journeyHolds, given);

describe('what a Complete after a completing Save adds to what the journey holds', () => {
  it('adds nothing the journey holds, in any spelling its elements accept, nor what it leaves empty', () => {
    expect(added({})).toBeUndefined();
    expect(added({ identity: { firstName: ' Ada ', lastNames: ['Lovelace'], dateOfBirth: '1985-12-10T00:00:00Z' } })).toBeUndefined();
    expect(added({ identity: { idNumbers: [{ idNumber: '123456789', type: 'ssn' }] } })).toBeUndefined();
    expect(added({ documents: [{ side1Image: FRONT }, { side2Image: BACK }] })).toBeUndefined();
    expect(added({ documents: [{ type: 'primary', side1Image: FRONT, side2Image: '' }] })).toBeUndefined();
    expect(added({ identity: { firstName: '', middleNames: [] } })).toBeUndefined();
  });

  it('adds nothing by an element invalid there, which any submit would have dropped', () => {
    expect(added({ identity: { currentAddress: { lines: [], country: 'Great Britain' } } })).toBeUndefined();
    expect(added({ contact: { email: 'not an address' } } as Subject)).toEqual({ elements: [], paths: ['contact.email'] });
  });

  it('names an element the journey lacks, and one it holds only part of', () => {
    const address = { lines: ['1 Main St'], locality: 'Leeds', postalCode: 'LS1', country: 'GB' };
    expect(added({ identity: { currentAddress: address } })).toEqual({ elements: ['CurrentAddress'], paths: [] });
    expect(added({ identity: { middleNames: ['Augusta'] } })).toEqual({ elements: ['FullName'], paths: [] });
    const frontOnly = { ...held, documents: [{ type: 'Primary', side1Image: FRONT, side2Image: '' }] };
    expect(added({ documents: [{ side1Image: FRONT }, { side2Image: BACK }] }, frontOnly)).toEqual({
      elements: ['PrimaryDocument'],
      paths: [],
    });
  });

  it('names the place of data no element takes under a root elements share: another id number, document or biometric', () => {
    const passport = { idNumber: 'X1234567', type: 'passport' };
    expect(added({ identity: { idNumbers: [passport] } })).toEqual({ elements: [], paths: ['identity.idNumbers'] });
    expect(added({ identity: { idNumbers: [{ idNumber: '123456789', type: 'ssn' }, passport] } })).toEqual({
      elements: [],
      paths: ['identity.idNumbers'],
    });
    expect(added({ documents: [{ type: 'ProofOfAddress', side1Image: FRONT }] })).toEqual({ elements: [], paths: ['documents'] });
    expect(added({ biometrics: [{ selfieImage: 'c2VsZmll' }, { livenessVideo: 'dmlkZW8=' }] })).toEqual({
      elements: [],
      paths: ['biometrics'],
    });
  });

  it('names data no element describes by its path', () => {
    expect(added({ consent: { marketing: true } })).toEqual({ elements: [], paths: ['consent.marketing'] });
    expect(added({ consent: { marketing: true } }, { ...held, consent: { marketing: true } })).toBeUndefined();
  });
});

describe('what a submit whose outcome is unknown sent that the journey does not hold', () => {
  const frontOnly: Subject = { ...held, documents: [{ type: 'Primary', side1Image: FRONT, side2Image: '' }] };
  const unheld = (given: Subject, ids: string[], journeyHolds: Subject = held) =>
    unheldElements(SPECIFICATION_CATALOGUE, journeyHolds, given, ids);

  it('is nothing when the journey holds every value sent, in any spelling', () => {
    expect(unheld({ identity: { firstName: ' Ada ', lastNames: ['Lovelace'] } }, ['FullName'])).toEqual([]);
    expect(unheld({ documents: [{ side2Image: BACK }] }, ['PrimaryDocument'])).toEqual([]);
  });

  it('names an element whose sent value the journey lacks or holds empty, such as a document’s back', () => {
    expect(unheld({ documents: [{ side2Image: BACK }] }, ['PrimaryDocument'], frontOnly)).toEqual(['PrimaryDocument']);
    expect(unheld({ documents: [{ type: 'Primary', side1Image: FRONT, side2Image: BACK }] }, ['PrimaryDocument'], frontOnly)).toEqual([
      'PrimaryDocument',
    ]);
    expect(unheld({ identity: { firstName: 'Ada', lastNames: ['Lovelace'], middleNames: ['Augusta'] } }, ['FullName'])).toEqual([
      'FullName',
    ]);
  });

  it('names an element the submit sent nothing for, and an unknown one with nothing outside the known elements', () => {
    expect(unheld({}, ['FullName'])).toEqual(['FullName']);
    expect(unheld({ identity: { firstName: 'Ada', lastNames: ['Lovelace'] } }, ['Address2'])).toEqual(['Address2']);
  });
});
