const REGION_HOST = 'https://eu.platform.go.gbgplc.com';

export async function listTasks(token: string, instanceId: string) {
  const res = await fetch(REGION_HOST + '/captain/api' + '/journey/task/list', {
    method: 'POST',
    headers: { Authorization: 'Bearer ' + token, 'Content-Type': 'application/json' },
    body: JSON.stringify({ instanceId }),
  });
  return res.json();
}
