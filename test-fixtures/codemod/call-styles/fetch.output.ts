// Global fetch with absolute URLs.
const HOST = 'https://eu.platform.go.gbgplc.com';

export async function startCheck(token: string, subject: object): Promise<string> {
  const res = await fetch(`${HOST}/v2/captain/journey/start`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ resourceId: 'b2e8d4a1data-check-v2@latest', context: { config: { delivery: 'api' }, subject } }),
  });
  const { instanceId } = (await res.json()) as { instanceId: string };
  return instanceId;
}

export async function readState(token: string, instanceId: string) {
  const res = await fetch('https://eu.platform.go.gbgplc.com/v2/captain/journey/state/fetch', {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ instanceId }),
  });
  return res.json();
}
