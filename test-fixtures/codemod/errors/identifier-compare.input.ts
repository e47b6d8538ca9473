export async function stateOrNull(token: string, instanceId: string) {
  const res = await fetch('https://eu.platform.go.gbgplc.com/captain/api/journey/state/fetch', {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ instanceId }),
  });
  if (!res.ok) {
    const body = await res.json();
    if (body.error === 'not-found-error') return null;
    if ('forbidden-error' !== body.error) throw new Error(body.message);
    throw new Error('forbidden');
  }
  return res.json();
}
