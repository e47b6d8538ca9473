export async function stateOrNull(token: string, instanceId: string) {
  const res = await fetch('https://eu.platform.go.gbgplc.com/v2/captain/journey/state/fetch', {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ instanceId }),
  });
  if (!res.ok) {
    const body = await res.json();
    if (body.errors?.[0]?.name === 'NOT_FOUND') return null;
    if ('FORBIDDEN' !== body.errors?.[0]?.name) throw new Error(body.errors?.[0]?.problem);
    throw new Error('forbidden');
  }
  return res.json();
}
