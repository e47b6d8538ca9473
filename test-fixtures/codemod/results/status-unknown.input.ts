const TERMINAL = new Set(['Completed', 'Failed']);
const LABELS: Record<string, string> = { Completed: 'done', Failed: 'failed' };

async function stateOf(instanceId: string): Promise<{ status: string }> {
  const res = await fetch('https://eu.platform.go.gbgplc.com/captain/api/journey/state/fetch', { method: 'POST', body: JSON.stringify({ instanceId }) });
  return res.json();
}

// A Set built elsewhere: it may be shared, or filled at run time.
export async function ended(instanceId: string): Promise<boolean> {
  const state = await stateOf(instanceId);
  return TERMINAL.has(state.status);
}

async function labelOf(instanceId: string): Promise<string> {
  const res = await fetch('https://eu.platform.go.gbgplc.com/captain/api/journey/state/fetch', { method: 'POST', body: JSON.stringify({ instanceId }) });
  const state = await res.json();
  return LABELS[state.status] ?? 'unknown';
}

async function folded(instanceId: string): Promise<boolean> {
  const res = await fetch('https://eu.platform.go.gbgplc.com/captain/api/journey/state/fetch', { method: 'POST', body: JSON.stringify({ instanceId }) });
  const state = await res.json();
  return state.status.toLowerCase() === 'failed';
}

async function matches(instanceId: string, expected: string): Promise<boolean> {
  const res = await fetch('https://eu.platform.go.gbgplc.com/captain/api/journey/state/fetch', { method: 'POST', body: JSON.stringify({ instanceId }) });
  const state = await res.json();
  return state.status === expected;
}

// Returned to no caller in the run: whoever reads it may compare it with 'Failed' only.
export async function statusOf(instanceId: string): Promise<string> {
  const res = await fetch('https://eu.platform.go.gbgplc.com/captain/api/journey/state/fetch', { method: 'POST', body: JSON.stringify({ instanceId }) });
  const state = await res.json();
  return state.status;
}

export const checks = { labelOf, folded, matches };
