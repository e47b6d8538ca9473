const REGION_HOST = 'https://eu.platform.go.gbgplc.com';

export async function listTasks(token: string, instanceId: string) {
  const res = await fetch(REGION_HOST + '/v2/captain' + '/journey/interaction/fetch', {
    method: 'POST',
    headers: { Authorization: 'Bearer ' + token, 'Content-Type': 'application/json' },
    body: JSON.stringify({ instanceId }),
  });
  return res.json();
}
