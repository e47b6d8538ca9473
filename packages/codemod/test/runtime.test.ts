import { expect, it } from 'vitest';
import { participantsFor } from '../src/runtime/index.js';

const subject = {
  identity: { firstName: 'Ada', lastNames: ['Lovelace'], dateOfBirth: '1985-12-10' },
  documents: [{ side1Image: 'ZnJvbnQ=' }, { side2Image: 'YmFjaw==' }],
};

it('lists one participant per domain element the subject carries', () => {
  expect(participantsFor(subject)).toEqual([
    { domainElementId: 'FullName' },
    { domainElementId: 'DateOfBirth' },
    { domainElementId: 'PrimaryDocument' },
  ]);
  expect(participantsFor({})).toEqual([]);
});

it('keeps only what the interaction still needs, also when outstanding is field-level', () => {
  expect(participantsFor(subject, ['PrimaryDocument/side1Image', 'Selfie/selfieImage'])).toEqual([{ domainElementId: 'PrimaryDocument' }]);
});
