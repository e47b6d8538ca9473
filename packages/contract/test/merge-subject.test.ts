import { DOMAIN_ELEMENTS, hasValidElement, mergeSubject, type Subject } from '@journey-bridge/contract';
import { describe, expect, it } from 'vitest';

const FRONT = '/9j/4AAQSkZJRgABAQ==';
const BACK = '/9j/4AAQSkZJRgABAw==';
const SELFIE = '/9j/4AAQSkZJRgABAg==';

describe('mergeSubject', () => {
  it('merges identity fields from both sides', () => {
    const merged = mergeSubject({ identity: { firstName: 'Jane', lastNames: ['Doe'] } }, { identity: { dateOfBirth: '1988-04-12' } });
    expect(merged).toEqual({ identity: { firstName: 'Jane', lastNames: ['Doe'], dateOfBirth: '1988-04-12' } });
  });

  it('lets the addition win on an identity field both sides carry', () => {
    const merged = mergeSubject({ identity: { firstName: 'Jane', lastNames: ['Doe'] } }, { identity: { lastNames: ['Smith'] } });
    expect(merged.identity).toEqual({ firstName: 'Jane', lastNames: ['Smith'] });
  });

  it('keeps the base identity when the addition carries none', () => {
    const merged = mergeSubject({ identity: { firstName: 'Jane' } }, { biometrics: [{ selfieImage: SELFIE }] });
    expect(merged).toEqual({ identity: { firstName: 'Jane' }, biometrics: [{ selfieImage: SELFIE }] });
  });

  it('replaces idNumbers per type', () => {
    const base: Subject = {
      identity: {
        idNumbers: [
          { idNumber: '111-11-1111', type: 'ssn' },
          { idNumber: 'P1234567', type: 'passport' },
        ],
      },
    };
    const merged = mergeSubject(base, { identity: { idNumbers: [{ idNumber: '123-45-6789', type: 'ssn' }] } });
    expect(merged.identity?.idNumbers).toEqual([
      { idNumber: 'P1234567', type: 'passport' },
      { idNumber: '123-45-6789', type: 'ssn' },
    ]);
  });

  it('replaces documents per type', () => {
    const primary = { type: 'Primary', side1Image: FRONT, side2Image: '' };
    const proof = { type: 'ProofOfAddress', side1Image: SELFIE, side2Image: '' };
    const newPrimary = { type: 'Primary', side1Image: BACK, side2Image: '' };
    expect(mergeSubject({ documents: [primary] }, { documents: [proof] }).documents).toEqual([primary, proof]);
    expect(mergeSubject({ documents: [primary, proof] }, { documents: [newPrimary] }).documents).toEqual([proof, newPrimary]);
  });

  it('keeps both sides of a document the live v1 caller sends in two calls', () => {
    const merged = mergeSubject({ documents: [{ side1Image: FRONT }] }, { documents: [{ side2Image: BACK }] });
    expect(DOMAIN_ELEMENTS.PrimaryDocument.pick(merged)).toEqual({ documents: [{ type: 'Primary', side1Image: FRONT, side2Image: BACK }] });
    expect(hasValidElement(merged, 'PrimaryDocument')).toBe(true);
  });

  it('lets a later untyped side replace the same side of the Primary document', () => {
    const merged = mergeSubject(
      { documents: [{ type: 'Primary', side1Image: FRONT, side2Image: '' }] },
      { documents: [{ side2Image: BACK }] },
    );
    expect(DOMAIN_ELEMENTS.PrimaryDocument.pick(merged)).toEqual({ documents: [{ type: 'Primary', side1Image: FRONT, side2Image: BACK }] });
  });

  it('replaces biometrics whole and overwrites other fields', () => {
    const merged = mergeSubject(
      { uid: 'first', biometrics: [{ selfieImage: FRONT }, { selfieImage: BACK }], addresses: ['a'] },
      { uid: 'second', biometrics: [{ selfieImage: SELFIE }] },
    );
    expect(merged).toEqual({ uid: 'second', biometrics: [{ selfieImage: SELFIE }], addresses: ['a'] });
  });

  it('modifies neither argument', () => {
    const base: Subject = {
      identity: { firstName: 'Jane', idNumbers: [{ idNumber: '111-11-1111', type: 'ssn' }] },
      documents: [{ side1Image: FRONT }],
    };
    const addition: Subject = { identity: { idNumbers: [{ idNumber: '123-45-6789', type: 'ssn' }] }, documents: [{ side2Image: BACK }] };
    const before = structuredClone({ base, addition });
    mergeSubject(base, addition);
    expect({ base, addition }).toEqual(before);
  });

  it('returns a copy of the base when there is nothing to add', () => {
    const base: Subject = { identity: { firstName: 'Jane' } };
    expect(mergeSubject(base, {})).toEqual(base);
    expect(mergeSubject({}, base)).toEqual(base);
  });
});
