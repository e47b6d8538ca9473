import type { JourneyState } from '../journey-api.js';
import type { Verdict } from './applicant.js';

/**
 * The verdict of an account-opening journey. That journey answers in the live layout: its results under
 * data.context.process.flow, one entry per check and one for the decision.
 */
export function accountVerdict(state: JourneyState): Verdict {
  if (state.status === 'Failed') return 'error';
  const checks = Object.values(state.data.context?.process.flow ?? {}).filter((entry) => !entry.result.outcome.startsWith('Decision'));
  if (checks.some((entry) => entry.result.outcome === 'ERROR')) return 'error';
  switch (state.data.context?.process.flow.decision?.result.outcome) {
    case 'Decision: Pass':
      return 'pass';
    case 'Decision: Reject':
      return 'reject';
    case 'Decision: Manual review':
      return 'review';
    default:
      throw new Error(`account opening ${state.instanceId} has no decision`);
  }
}
