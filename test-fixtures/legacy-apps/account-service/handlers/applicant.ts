import type { Subject } from '../journey-api.js';

export interface Applicant {
  firstName: string;
  lastName: string;
  dateOfBirth: string;
}

export type Verdict = 'pass' | 'reject' | 'review' | 'error';

/** The applicant as the platform's subject. */
export const subjectOf = (applicant: Applicant): Subject => ({
  identity: { firstName: applicant.firstName, lastNames: [applicant.lastName], dateOfBirth: applicant.dateOfBirth },
});
