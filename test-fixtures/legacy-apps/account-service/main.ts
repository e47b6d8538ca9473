import { accessToken } from './auth.js';
import type { Applicant, Verdict } from './handlers/applicant.js';
import { openAccount } from './handlers/open-account.js';
import { verifyIdentity } from './handlers/verify-identity.js';
import { JourneyApi } from './journey-api.js';
import { verificationResultSchema } from './openapi.js';
import { auditLine } from './reports.js';

export interface RunConfig {
  applicants: readonly Applicant[];
  /** A journey the back office audits: one started before the service moved on. */
  auditedInstanceId: string;
}

/** What the service does in a day: opens accounts, checks identities, writes an audit line. */
export async function run(config: RunConfig): Promise<{ accounts: Verdict[]; identities: { verdict: Verdict; checks: string[] }[]; audit: string; documented: number }> {
  const token = await accessToken();
  const api = new JourneyApi(token);
  const accounts: Verdict[] = [];
  const identities: { verdict: Verdict; checks: string[] }[] = [];
  for (const applicant of config.applicants) {
    accounts.push(await openAccount(api, applicant));
    identities.push(await verifyIdentity(api, applicant));
  }
  const audit = (await auditLine(token, config.auditedInstanceId)).split(' ')[1] ?? '';
  return { accounts, identities, audit, documented: Object.keys(verificationResultSchema.properties).length };
}
