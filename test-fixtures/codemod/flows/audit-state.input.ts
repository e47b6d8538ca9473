// A wrapper named like an HTTP library's method, and a flow through it that migrates whole.
const STATE_BASE = 'https://eu.platform.go.gbgplc.com/captain/api/journey/';

export async function post<T>(path: string, body: object): Promise<T> {
  const res = await fetch(STATE_BASE + path, { method: 'POST', body: JSON.stringify(body) });
  return (await res.json()) as T;
}

export async function stateOf(instanceId: string): Promise<string> {
  const state = await post<{ status: string }>('state/fetch', { instanceId });
  return state.status === 'Completed' ? 'done' : 'pending';
}
