export async function state(token: string, instanceId: string) {
  const res = await fetch('https://eu.platform.go.gbgplc.com/captain/api/journey/state/fetch', {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ instanceId }),
  });
  if (!res.ok) {
    const body = await res.json();
    throw new Error(`${body.status} ${body.error}: ${body.message}`);
  }
  return res.json();
}
