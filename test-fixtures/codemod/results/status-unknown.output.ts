const TERMINAL = new Set(['Completed', 'Failed']);
const LABELS: Record<string, string> = { Completed: 'done', Failed: 'failed' };

// journey-codemod: unsupported [status.failure-spelling] reads what the v1 call at line 7 of this file answers, which stays v1
async function stateOf(instanceId: string): Promise<{ status: string }> {
  // journey-codemod: unsupported [status.failure-spelling] its result is read at line 15 in a way that has no v2 counterpart → v2: treat 'Error' as 'Failed' here (a table gets an 'Error' key, a list both, a case-folded compare 'error' too), then run again
  const res = await fetch('https://eu.platform.go.gbgplc.com/captain/api/journey/state/fetch', { method: 'POST', body: JSON.stringify({ instanceId }) });
  return res.json();
}

// A Set built elsewhere: it may be shared, or filled at run time.
export async function ended(instanceId: string): Promise<boolean> {
  const state = await stateOf(instanceId);
  // journey-codemod: unsupported [status.failure-spelling] a failed journey's status would read 'Failed' or 'Error' on v2, and this code matches it against TERMINAL, which the codemod cannot show takes both → v2: treat 'Error' as 'Failed' here (a table gets an 'Error' key, a list both, a case-folded compare 'error' too), then run again
  return TERMINAL.has(state.status);
}

async function labelOf(instanceId: string): Promise<string> {
  // journey-codemod: unsupported [status.failure-spelling] its result is read at line 23 in a way that has no v2 counterpart → v2: treat 'Error' as 'Failed' here (a table gets an 'Error' key, a list both, a case-folded compare 'error' too), then run again
  const res = await fetch('https://eu.platform.go.gbgplc.com/captain/api/journey/state/fetch', { method: 'POST', body: JSON.stringify({ instanceId }) });
  const state = await res.json();
  // journey-codemod: unsupported [status.failure-spelling] a failed journey's status would read 'Failed' or 'Error' on v2, and this code looks it up in LABELS, which the codemod cannot show takes both → v2: treat 'Error' as 'Failed' here (a table gets an 'Error' key, a list both, a case-folded compare 'error' too), then run again
  return LABELS[state.status] ?? 'unknown';
}

async function folded(instanceId: string): Promise<boolean> {
  // journey-codemod: unsupported [status.failure-spelling] its result is read at line 31 in a way that has no v2 counterpart → v2: treat 'Error' as 'Failed' here (a table gets an 'Error' key, a list both, a case-folded compare 'error' too), then run again
  const res = await fetch('https://eu.platform.go.gbgplc.com/captain/api/journey/state/fetch', { method: 'POST', body: JSON.stringify({ instanceId }) });
  const state = await res.json();
  // journey-codemod: unsupported [status.failure-spelling] a failed journey's status would read 'Failed' or 'Error' on v2, and this code reads it through .toLowerCase(), which the codemod cannot show takes both → v2: treat 'Error' as 'Failed' here (a table gets an 'Error' key, a list both, a case-folded compare 'error' too), then run again
  return state.status.toLowerCase() === 'failed';
}

async function matches(instanceId: string, expected: string): Promise<boolean> {
  // journey-codemod: unsupported [status.failure-spelling] its result is read at line 39 in a way that has no v2 counterpart → v2: treat 'Error' as 'Failed' here (a table gets an 'Error' key, a list both, a case-folded compare 'error' too), then run again
  const res = await fetch('https://eu.platform.go.gbgplc.com/captain/api/journey/state/fetch', { method: 'POST', body: JSON.stringify({ instanceId }) });
  const state = await res.json();
  // journey-codemod: unsupported [status.failure-spelling] a failed journey's status would read 'Failed' or 'Error' on v2, and this code compares it with expected, which the codemod cannot show takes both → v2: treat 'Error' as 'Failed' here (a table gets an 'Error' key, a list both, a case-folded compare 'error' too), then run again
  return state.status === expected;
}

// Returned to no caller in the run: whoever reads it may compare it with 'Failed' only.
export async function statusOf(instanceId: string): Promise<string> {
  // journey-codemod: unsupported [status.failure-spelling] its result is read at line 48 in a way that has no v2 counterpart → v2: make the code that reads it treat 'Error' as 'Failed', then run again
  const res = await fetch('https://eu.platform.go.gbgplc.com/captain/api/journey/state/fetch', { method: 'POST', body: JSON.stringify({ instanceId }) });
  const state = await res.json();
  // journey-codemod: unsupported [status.failure-spelling] a failed journey's status would read 'Failed' or 'Error' on v2, and it is handed to code the codemod does not see → v2: make the code that reads it treat 'Error' as 'Failed', then run again
  return state.status;
}

export const checks = { labelOf, folded, matches };
