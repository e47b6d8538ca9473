import fetch from 'node-fetch';

export async function listTasks(token, instanceId) {
  const response = await fetch('https://eu.platform.go.gbgplc.com/captain/api/journey/task/list', {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ instanceId }),
  });
  const list = await response.json();
  return list.tasks[0].taskId;
}
