const BASE_URL = 'https://eu.platform.go.gbgplc.com/v2/captain';

async function fetchWithTimeout(url: string, init: RequestInit, ms = 10_000): Promise<Response> {
  return fetch(url, { ...init, signal: AbortSignal.timeout(ms) });
}

export async function submitName(token: string, instanceId: string, taskId: string) {
  const res = await fetchWithTimeout(`${BASE_URL}/journey/interaction/submit`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({
      instanceId,
      interactionId: taskId,
      participants: [{ domainElementId: 'FullName' }],
      context: { subject: { identity: { firstName: 'Ada', lastNames: ['Lovelace'] } } },
    }),
  });
  return res.json();
}
