export interface JourneyState {
  status: string;
  data: { process: { flow: Record<string, { result: { outcome: string } }> } };
}

export function verdictOf(state: JourneyState): string {
  if (state.status === 'Failed') return 'error';
  // journey-codemod: unsupported [response.state-result] a read of a v1 state (state.data.process.flow) the codemod could not tie to a v1 call → v2: moduleSteps(state) (the steps) and decisionOf(state) (the decision) of a v2 state
  return state.data.process.flow.decision?.result.outcome === 'Decision: Pass' ? 'approved' : 'review';
}
