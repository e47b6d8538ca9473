interface Saved {
  data?: { context?: { process?: { flow?: Record<string, { result?: { outcome?: string } }> } } };
}

// A v1 state saved somewhere earlier: no call in the code answered it, the read still only works on v1.
export function outcomes(saved: Saved): string[] {
  // journey-codemod: unsupported [response.state-result] a read of a v1 state (saved.data?.context?.process?.flow) the codemod could not tie to a v1 call → v2: moduleSteps(state) (the steps) and decisionOf(state) (the decision) of a v2 state
  return Object.values(saved.data?.context?.process?.flow ?? {}).map((entry) => entry.result?.outcome ?? '');
}
