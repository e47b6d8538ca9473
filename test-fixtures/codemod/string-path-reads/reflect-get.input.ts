const STATE_URL = 'https://eu.platform.go.gbgplc.com/captain/api/journey/state/fetch';

async function fetchState(instanceId: string): Promise<object> {
  const res = await fetch(STATE_URL, { method: 'POST', body: JSON.stringify({ instanceId }) });
  return res.json();
}

// A builtin getter: the status it reads may be 'Error' on v2.
export async function failed(instanceId: string): Promise<boolean> {
  const state = await fetchState(instanceId);
  return Reflect.get(state, 'status') === 'Failed';
}

// v2's state has no `data`: the member chain off what Reflect.get returns would throw.
export async function outcome(instanceId: string): Promise<string> {
  const state = await fetchState(instanceId);
  return Reflect.get(state, 'data').process.flow.decision.result.outcome;
}
