interface Saved {
  data?: { context?: { process?: { flow?: Record<string, { result?: { outcome?: string } }> } } };
}

// A v1 state saved somewhere earlier: no call in the code answered it, the read still only works on v1.
export function outcomes(saved: Saved): string[] {
  return Object.values(saved.data?.context?.process?.flow ?? {}).map((entry) => entry.result?.outcome ?? '');
}
