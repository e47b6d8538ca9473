export async function state(token: string, instanceId: string) {
  const res = await fetch('https://eu.platform.go.gbgplc.com/v2/captain/journey/state/fetch', {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ instanceId }),
  });
  if (!res.ok) {
    const body = await res.json();
    throw new Error(`${res.status} ${body.errors?.[0]?.name}: ${body.errors?.[0]?.problem}`);
  }
  return res.json();
}
