import { describe, expect, it } from 'vitest';
import {
  changedElements,
  changedUndescribed,
  DescribedElements,
  ElementCatalogue,
  type Subject,
  undescribedPaths,
  unheldUndescribed,
} from '../src/index.js';

const catalogue = new ElementCatalogue();
const held: Subject = {
  identity: { firstName: 'Ada', lastNames: ['Lovelace'], dateOfBirth: '1990-12-10' },
  documents: [{ type: 'Primary', side1Image: 'ZnJvbnQ=', side2Image: '' }],
};
const changed = (given: Subject) => changedElements(catalogue, held, given, ['FullName', 'DateOfBirth', 'PrimaryDocument']);

describe('changedElements', () => {
  it('finds none when the update carries what the journey holds, or less', () => {
    expect(changed(held)).toEqual([]);
    expect(changed({ identity: { firstName: 'Ada' } })).toEqual([]);
    expect(changed({})).toEqual([]);
  });

  it('finds none for an empty list where the journey holds none (middleNames: [])', () => {
    expect(changed({ identity: { firstName: 'Ada', middleNames: [], lastNames: ['Lovelace'] } })).toEqual([]);
  });

  it('finds none for the back of a document the journey holds empty: v2 asks for it once it has read the front', () => {
    expect(changed({ documents: [{ side1Image: 'ZnJvbnQ=' }, { side2Image: 'YmFjaw==' }] })).toEqual([]);
  });

  it('names each element whose value differs, or that adds a value the journey does not hold', () => {
    expect(changed({ identity: { firstName: 'Adda', lastNames: ['Lovelace'], dateOfBirth: '1990-12-11' } })).toEqual([
      'FullName',
      'DateOfBirth',
    ]);
    expect(changed({ identity: { firstName: 'Ada', middleNames: ['King'], lastNames: ['Lovelace'] } })).toEqual(['FullName']);
    expect(changed({ identity: { lastNames: ['Lovelace', 'Byron'] } })).toEqual(['FullName']);
    expect(changed({ documents: [{ type: 'Primary', side1Image: 'b3RoZXI=' }] })).toEqual(['PrimaryDocument']);
  });

  it('finds none for the same value in another spelling the element accepts: SSN dashes, surrounding spaces, a timestamp of the day', () => {
    const held = {
      identity: {
        firstName: 'Ada',
        lastNames: ['Lovelace'],
        dateOfBirth: '1990-12-10',
        idNumbers: [{ idNumber: '123-45-6789', type: 'ssn' }],
      },
    };
    const changed = (given: Subject) => changedElements(catalogue, held, given, ['FullName', 'DateOfBirth', 'SSN']);
    expect(changed({ identity: { idNumbers: [{ idNumber: '123456789', type: 'ssn' }] } })).toEqual([]);
    expect(changed({ identity: { firstName: ' Ada ', lastNames: ['Lovelace '] } })).toEqual([]);
    expect(changed({ identity: { dateOfBirth: '1990-12-10T00:00:00.000Z' } })).toEqual([]);
  });

  it('still names a different value behind another spelling', () => {
    const held = { identity: { dateOfBirth: '1990-12-10', idNumbers: [{ idNumber: '123-45-6789', type: 'ssn' }] } };
    const changed = (given: Subject) => changedElements(catalogue, held, given, ['DateOfBirth', 'SSN']);
    expect(changed({ identity: { idNumbers: [{ idNumber: '123456780', type: 'ssn' }] } })).toEqual(['SSN']);
    expect(changed({ identity: { idNumbers: [{ idNumber: '123-45-678', type: 'ssn' }] } })).toEqual(['SSN']);
    expect(changed({ identity: { dateOfBirth: '1990-12-11T00:00:00.000Z' } })).toEqual(['DateOfBirth']);
    expect(changed({ identity: { dateOfBirth: '1990-12-101' } })).toEqual(['DateOfBirth']);
  });

  it('compares described elements by the format of each field: a date by its day, text without surrounding spaces', () => {
    const described = new ElementCatalogue(
      DescribedElements.parse({
        Membership: { fields: { since: { path: 'membership.since', format: 'date' }, club: { path: 'membership.club', format: 'text' } } },
      }),
    );
    const held = { membership: { since: '2020-01-31', club: 'Chess' } };
    const changed = (given: Subject) => changedElements(described, held, given, ['Membership']);
    expect(changed({ membership: { since: '2020-01-31T09:30:00Z', club: ' Chess ' } })).toEqual([]);
    expect(changed({ membership: { since: '2020-02-01', club: 'Chess' } })).toEqual(['Membership']);
    expect(changed({ membership: { since: '2020-01-31', club: 'Go' } })).toEqual(['Membership']);
  });
});

describe('data outside every known element', () => {
  const described = new ElementCatalogue(
    DescribedElements.parse({ MobilePhone: { fields: { number: { path: 'contact.mobilePhone', format: 'phone' } } } }),
  );
  const held: Subject = { consent: { dataProcessing: true }, contact: { mobilePhone: '+447700900123' }, tags: ['a'] };

  it('is found path by path, outside the six and the described elements, a list as one value and empty places left out', () => {
    const given = { ...held, identity: { firstName: 'Ada', gender: 'F' }, documents: [{ side1Image: 'ZnJvbnQ=' }], note: '' };
    expect(undescribedPaths(described, given)).toEqual(['consent.dataProcessing', 'tags', 'identity.gender']);
    expect(undescribedPaths(catalogue, given)).toContain('contact.mobilePhone');
  });

  it('is changed where the journey holds another value, and unheld where it holds another or none', () => {
    const given = { consent: { dataProcessing: false, marketing: true }, tags: ['a'], contact: { mobilePhone: '+447700900999' } };
    expect(changedUndescribed(described, held, given)).toEqual(['consent.dataProcessing']);
    expect(unheldUndescribed(described, held, given)).toEqual(['consent.dataProcessing', 'consent.marketing']);
    expect(changedUndescribed(described, held, held)).toEqual([]);
    expect(unheldUndescribed(described, held, held)).toEqual([]);
  });
});
