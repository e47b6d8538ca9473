import type { JourneyState } from './journey-api.js';

export type Verdict = 'pass' | 'reject' | 'review' | 'error';

// Every decision the journey can come back with. Anything else means the journey was changed under us.
const DECISIONS: Record<string, Verdict> = {
  'Decision: Pass 1+1': 'pass',
  'Decision: Pass 2+2': 'pass',
  'Decision: Pass': 'pass',
  'Decision: Alert': 'review',
  'Decision: Manual review': 'review',
  'Decision: Reject': 'reject',
};

/**
 * The verdict of a journey state, or undefined while it is still running. No `data.context` means the journey
 * has not produced results yet; a manual review can arrive while the status still says InProgress.
 */
export function readVerdict(state: JourneyState): Verdict | undefined {
  const context = state.data.context;
  if (!context) return undefined;
  // The platform's own summary sits beside the flow; a failed module shows there as well as in the status.
  if (state.status === 'Failed' || context.result.status === 'error') return 'error';
  const decision = Object.values(context.process.flow).find((entry) => entry.result.outcome.startsWith('Decision:'));
  if (!decision) throw new Error(`journey ${state.instanceId} has results but no decision`);
  const verdict = DECISIONS[decision.result.outcome];
  if (!verdict) throw new Error(`unexpected decision "${decision.result.outcome}" for journey ${state.instanceId}`);
  return verdict;
}
