import { JOURNEYS } from '../config.js';
import type { JourneyApi } from '../journey-api.js';
import { type Applicant, subjectOf, type Verdict } from './applicant.js';
import { accountVerdict } from './decision.js';

/** Opens an account: the applicant is prefilled whole, so the journey runs through before the start answers. */
export async function openAccount(api: JourneyApi, applicant: Applicant): Promise<Verdict> {
  const { instanceId } = await api.start(JOURNEYS.accountOpening, subjectOf(applicant));
  return accountVerdict(await api.state(instanceId));
}
