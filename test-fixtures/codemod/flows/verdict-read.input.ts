import type { VerdictState } from './verdict-types';

export function verdictOf(state: VerdictState): string {
  if (state.status === 'Failed') return 'error';
  return state.data.process.flow.decision?.result.outcome === 'Decision: Pass' ? 'approved' : 'review';
}
