// One gateway for every API of the company: each caller names its path relative to it, without a leading slash.
const host = process.env.GATEWAY_HOST ?? 'https://eu.platform.go.gbgplc.com';
const GATEWAY = `${host}/eu/`;

export async function request<T>(method: 'GET' | 'POST' | 'PUT', path: string, token: string, body?: unknown): Promise<T> {
  const res = await fetch(GATEWAY + path, {
    method,
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status}`);
  return (await res.json()) as T;
}
