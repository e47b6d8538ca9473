// A status a generator yields, read with `.next()`, which the codemod does not follow: the flow stays on v1.
export async function* watch(token: string, instanceId: string) {
  const res = await fetch('https://eu.platform.go.gbgplc.com/captain/api/journey/state/fetch', {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: JSON.stringify({ instanceId }),
  });
  const state = await res.json();
  yield state.status;
}

export async function firstFailed(token: string, instanceId: string): Promise<boolean> {
  const first = await watch(token, instanceId).next();
  return first.value === 'Failed';
}
