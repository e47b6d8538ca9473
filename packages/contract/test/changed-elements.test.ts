import { describe, expect, it } from 'vitest';
import { changedElements, ElementCatalogue, type Subject } from '../src/index.js';

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
});
