const V1_BASE = 'https://eu.platform.go.gbgplc.com/v2/captain';
const TASK_LIST = `${V1_BASE}/journey/interaction/fetch`;

export async function tasks(token: string, instanceId: string) {
  const res = await fetch(TASK_LIST, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ instanceId }),
  });
  return res.json();
}
