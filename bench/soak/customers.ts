import type { Customer } from './legacy-app.js';

const DATA_CHECK = 'a1d7c3f0data-check-v1@latest';
const DOCUMENT_SELFIE = 'c3f9e5b2doc-selfie-v1@latest';
const b64 = (text: string) => Buffer.from(text).toString('base64');

/** The kinds of customer the soak cycles through, each with the outcome the fixture journeys give it. */
const KINDS = [
  { journey: DATA_CHECK, lastName: 'Lovelace', born: '1990-12-10', decision: 'Decision: Pass' },
  { journey: DATA_CHECK, lastName: 'Nomatch', born: '1985-03-02', decision: 'Decision: Reject' },
  { journey: DATA_CHECK, lastName: 'Review', born: '1979-07-21', decision: 'Decision: Manual review' },
  { journey: DATA_CHECK, lastName: 'Young', born: '2015-01-01', decision: 'Decision: Reject' },
  { journey: DOCUMENT_SELFIE, selfie: 'selfie', decision: 'Decision: Pass' },
  { journey: DOCUMENT_SELFIE, selfie: 'selfie MISMATCH', decision: 'Decision: Reject' },
  { journey: DOCUMENT_SELFIE, selfie: 'selfie BLURRY', decision: 'Decision: Manual review' },
] as const;
type Kind = (typeof KINDS)[number];

/** What the app knows of the person: images unique to the run where the journey collects them. */
function subjectOf(kind: Kind, uid: string): Record<string, unknown> {
  if ('born' in kind) return { identity: { firstName: 'Ada', lastNames: [kind.lastName], dateOfBirth: kind.born } };
  return {
    identity: { firstName: 'Ada', lastNames: ['Lovelace'] },
    documents: [{ type: 'Primary', side1Image: b64(`passport front of ${uid}`), side2Image: b64(`passport back of ${uid}`) }],
    biometrics: [{ selfieImage: b64(`${kind.selfie} of ${uid}`) }],
  };
}

/**
 * `count` customers, `run` making their identity data unique to this run, so that the log scan looks for values
 * nothing else could have put in a log. `only`: data checks alone (the token phase's journeys).
 */
export function customers(count: number, run: string, only: 'any' | 'data-check' = 'any'): Customer[] {
  const kinds = only === 'any' ? KINDS : KINDS.filter((kind) => kind.journey === DATA_CHECK);
  return Array.from({ length: count }, (_, index) => {
    const kind = kinds[index % kinds.length] as Kind;
    const uid = `customer-${run}-${index}`;
    const ssn = `9${String(index % 100).padStart(2, '0')}-${String(run.charCodeAt(0) % 100).padStart(2, '0')}-${String(1000 + index).slice(-4)}`;
    // The SSN goes with the start, as prefill: no fixture journey in the region collects it in a task.
    const prefill = { identity: { idNumbers: [{ idNumber: ssn, type: 'ssn' }] } };
    return {
      uid,
      resourceId: kind.journey,
      prefill,
      subject: subjectOf(kind, uid),
      expected: { status: 'Completed', decision: kind.decision },
    };
  });
}

/** The identity numbers and images of `list`: what no log line may hold. */
export function identityValues(list: readonly Customer[]): { kind: 'SSN' | 'image (base64)'; value: string }[] {
  return list.flatMap(({ prefill, subject }) => {
    const identity = prefill.identity as { idNumbers?: { idNumber: string }[] };
    const documents = (subject.documents ?? []) as { side1Image: string; side2Image: string }[];
    const biometrics = (subject.biometrics ?? []) as { selfieImage: string }[];
    return [
      ...(identity.idNumbers ?? []).map((entry) => ({ kind: 'SSN' as const, value: entry.idNumber })),
      ...[
        ...documents.flatMap((document) => [document.side1Image, document.side2Image]),
        ...biometrics.map((biometric) => biometric.selfieImage),
      ].map((value) => ({ kind: 'image (base64)' as const, value })),
    ];
  });
}
