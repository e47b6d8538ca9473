const STATE_URL = 'https://eu.platform.go.gbgplc.com/v2/captain/journey/state/fetch';

interface Log {
  info(value: unknown): void;
}

// Handed to a logger whose result the code drops: a boundary for the report, nothing comes back, so the flow migrates.
export async function failed(instanceId: string, log: Log): Promise<boolean> {
  const res = await fetch(STATE_URL, { method: 'POST', body: JSON.stringify({ instanceId }) });
  const state = await res.json();
  log.info(state);
  return state.status === 'Failed' || state.status === 'Error';
}
