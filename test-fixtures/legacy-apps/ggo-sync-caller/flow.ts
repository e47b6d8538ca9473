import type { GgoEntry, StateResponse } from './api.js';

export type Outcome = 'pass' | 'reject' | 'review' | 'error';

/** Only entries carrying `_ggo` come from the decision engine; the rest is module noise. */
function ggoEntries(state: StateResponse): GgoEntry[] {
  const flow = state.data?.context?.process?.flow ?? {};
  return Object.keys(flow)
    .map((key) => flow[key] as GgoEntry)
    .filter((entry) => entry._ggo !== undefined);
}

/** The outcome once the journey has decided (or failed), otherwise undefined. */
export function outcomeOf(state: StateResponse): Outcome | undefined {
  if (state.status === 'Failed') return 'error';
  for (const entry of ggoEntries(state)) {
    const outcome = entry.result?.outcome ?? '';
    if (!outcome.startsWith('Decision:')) continue;
    if (outcome === 'Decision: Pass 1+1' || outcome === 'Decision: Pass 2+2') return 'pass';
    if (outcome === 'Decision: Reject') return 'reject';
    if (outcome === 'Decision: Manual review' || outcome === 'Decision: Alert') return 'review';
    throw new Error(`unknown decision ${outcome}`);
  }
  return undefined;
}
