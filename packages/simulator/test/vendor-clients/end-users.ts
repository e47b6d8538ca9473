import type { Region } from '@journey-bridge/contract';

/** What an end user types and captures, whatever a journey asks for. */
export interface EndUser {
  readonly firstName: string;
  readonly lastName: string;
  readonly dateOfBirth: string;
  readonly ssn: string;
  readonly mobilePhone: string;
  readonly email: string;
  /** Text carried by the document's front image (the bundled journeys steer on it). */
  readonly documentFront: string;
  readonly documentBack: string;
  readonly selfie: string;
}

const b64 = (text: string) => Buffer.from(text).toString('base64');

const ADA: EndUser = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  dateOfBirth: '1990-12-10',
  ssn: '123-45-6789',
  mobilePhone: '+447700900123',
  email: 'ada@example.com',
  documentFront: 'passport front',
  documentBack: 'back of the document',
  selfie: 'a selfie',
};

type Part = Record<string, unknown>;

/**
 * What the end user gives for a ref an interaction names (an element, or one of its fields), in the subject
 * structure the vendor's clients write: the specification's for its six elements, the journey's own paths for
 * the elements it describes (`consent`, `contact`).
 */
export function subjectPart(user: EndUser, ref: string): Part {
  const [element, field] = ref.split('/');
  switch (element) {
    case 'FullName':
      return { identity: { firstName: user.firstName, lastNames: [user.lastName] } };
    case 'DateOfBirth':
      return { identity: { dateOfBirth: user.dateOfBirth } };
    case 'CurrentAddress':
      return {
        identity: { currentAddress: { lines: ['12 St James’s Square'], locality: 'London', postalCode: 'SW1Y 4JH', country: 'GB' } },
      };
    case 'SSN':
      return { identity: { idNumbers: [{ idNumber: user.ssn, type: 'ssn' }] } };
    case 'PrimaryDocument':
      if (field === 'side2Image') return { documents: [{ type: 'Primary', side2Image: b64(user.documentBack) }] };
      return { documents: [{ type: 'Primary', side1Image: b64(user.documentFront), side2Image: '' }] };
    case 'Selfie':
      return { biometrics: [{ selfieImage: b64(user.selfie) }] };
    case 'Consent':
      return { consent: { dataProcessing: true, marketing: false } };
    case 'MobilePhone':
      return { contact: { mobilePhone: user.mobilePhone } };
    case 'EmailAddress':
      return { contact: { email: user.email } };
    default:
      throw new Error(`the end user has nothing to give for ${ref}`);
  }
}

const isObject = (value: unknown): value is Part => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Parts of one submit merged: objects key by key, arrays item by item (a document's front and back together). */
export function mergeParts(parts: readonly Part[]): Part {
  const merge = (a: unknown, b: unknown): unknown => {
    if (Array.isArray(a) && Array.isArray(b)) return b.map((item, index) => merge(a[index], item));
    if (!isObject(a) || !isObject(b)) return b;
    return Object.fromEntries(
      [...new Set([...Object.keys(a), ...Object.keys(b)])].map((key) => [key, key in b ? merge(a[key], b[key]) : a[key]]),
    );
  };
  return parts.reduce<Part>((sum, part) => merge(sum, part) as Part, {});
}

export type Outcome = 'accept' | 'reject' | 'manual review' | 'module error';
export const OUTCOMES: readonly Outcome[] = ['accept', 'reject', 'manual review', 'module error'];

/** Each bundled journey, where it is published, and an end user who steers it to each outcome. */
export const BUNDLED: Readonly<
  Record<string, { readonly resourceId: string; readonly region: Region; readonly users: Readonly<Record<Outcome, EndUser>> }>
> = {
  'account-opening': {
    resourceId: 'b8d2f4a6account-opening-v2@latest',
    region: 'eu',
    users: {
      accept: ADA,
      reject: { ...ADA, lastName: 'Nomatch' },
      'manual review': { ...ADA, lastName: 'Review' },
      'module error': { ...ADA, lastName: 'Outage' },
    },
  },
  'data-check': {
    resourceId: 'b2e8d4a1data-check-v2@latest',
    region: 'eu',
    users: {
      accept: ADA,
      reject: { ...ADA, dateOfBirth: '2015-06-01' },
      'manual review': { ...ADA, lastName: 'Review' },
      'module error': { ...ADA, lastName: 'Outage' },
    },
  },
  'device-selfie': {
    resourceId: 'f2b6d8e0device-selfie-v2@latest',
    region: 'eu',
    users: {
      accept: ADA,
      reject: { ...ADA, documentFront: 'TAMPERED front' },
      'manual review': { ...ADA, selfie: 'BLURRY selfie' },
      'module error': { ...ADA, documentFront: 'OUTAGE' },
    },
  },
  'document-selfie': {
    resourceId: 'd4a0f6c3doc-selfie-v2@latest',
    region: 'eu',
    users: {
      accept: ADA,
      reject: { ...ADA, selfie: 'MISMATCH' },
      'manual review': { ...ADA, selfie: 'BLURRY selfie' },
      'module error': { ...ADA, documentFront: 'OUTAGE' },
    },
  },
  'dual-source-check': {
    resourceId: 'd0f4b6c8dual-source-v2@latest',
    region: 'eu',
    users: {
      accept: ADA,
      reject: { ...ADA, lastName: 'Nomatch' },
      'manual review': { ...ADA, lastName: 'Review' },
      'module error': { ...ADA, lastName: 'Outage' },
    },
  },
  'fraud-screen': {
    resourceId: 'f6c2b8e5fraud-screen-v2@latest',
    region: 'us',
    users: {
      accept: ADA,
      reject: { ...ADA, ssn: '000-00-0000' },
      'manual review': { ...ADA, lastName: 'Review' },
      'module error': { ...ADA, lastName: 'Outage' },
    },
  },
  onboarding: {
    resourceId: 'b4d6f8a0onboarding-v2@latest',
    region: 'eu',
    users: {
      // A driving licence: its classification asks for the back.
      accept: { ...ADA, documentFront: 'DRIVING LICENCE front' },
      reject: { ...ADA, documentFront: 'TAMPERED passport' },
      'manual review': { ...ADA, lastName: 'Review' },
      'module error': { ...ADA, documentFront: 'OUTAGE' },
    },
  },
};
