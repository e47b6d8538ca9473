export interface JourneyState {
  status: string;
  data: { process: { flow: Record<string, { result: { outcome: string } }> } };
}

export function verdictOf(state: JourneyState): string {
  if (state.status === 'Failed') return 'error';
  return state.data.process.flow.decision?.result.outcome === 'Decision: Pass' ? 'approved' : 'review';
}
