// Global fetch with absolute URLs.
const HOST = 'https://eu.platform.go.gbgplc.com';

export async function startCheck(token: string, subject: object): Promise<string> {
  const res = await fetch(`${HOST}/captain/api/journey/start`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ resourceId: 'a1d7c3f0data-check-v1@latest', context: { config: { async: true }, subject } }),
  });
  const { instanceId } = (await res.json()) as { instanceId: string };
  return instanceId;
}

export async function readState(token: string, instanceId: string) {
  const res = await fetch('https://eu.platform.go.gbgplc.com/captain/api/journey/state/fetch', {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ instanceId }),
  });
  return res.json();
}
