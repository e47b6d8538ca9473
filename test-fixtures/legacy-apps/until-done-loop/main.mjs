import { verify } from './verification.mjs';

const base64 = (text) => Buffer.from(text).toString('base64');
const applicant = (lastName) => ({
  identity: { firstName: 'Ada', lastNames: [lastName], dateOfBirth: '1985-12-10' },
  documents: [{ type: 'Primary', side1Image: base64('PASSPORT FRONT'), side2Image: '' }],
  biometrics: [{ selfieImage: base64('SELFIE OK') }],
});

try {
  const outcomes = [
    await verify('a1d7c3f0data-check-v1@latest', applicant('Lovelace')),
    await verify('a1d7c3f0data-check-v1@latest', applicant('Nomatch')),
    await verify('c3f9e5b2doc-selfie-v1@latest', applicant('Lovelace')),
  ];
  console.log(JSON.stringify(outcomes));
} catch (error) {
  console.error(error.message);
  process.exitCode = 1;
}
