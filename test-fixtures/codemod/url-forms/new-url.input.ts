const base = new URL('https://eu.platform.go.gbgplc.com/captain/api/');

export async function taskSchemaList(token: string, instanceId: string) {
  const res = await fetch(new URL('journey/task/list/schema', base), {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ instanceId }),
  });
  return res.json();
}
