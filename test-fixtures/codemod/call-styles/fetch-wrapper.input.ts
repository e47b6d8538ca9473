const BASE_URL = 'https://eu.platform.go.gbgplc.com/captain/api';

async function fetchWithTimeout(url: string, init: RequestInit, ms = 10_000): Promise<Response> {
  return fetch(url, { ...init, signal: AbortSignal.timeout(ms) });
}

export async function submitName(token: string, instanceId: string, taskId: string) {
  const res = await fetchWithTimeout(`${BASE_URL}/journey/task/update`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({
      intent: 'Complete',
      instanceId,
      taskId,
      context: { subject: { identity: { firstName: 'Ada', lastNames: ['Lovelace'] } } },
    }),
  });
  return res.json();
}
