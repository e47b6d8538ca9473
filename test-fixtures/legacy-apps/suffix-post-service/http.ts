// The service's one wrapper around fetch: every journey call is `post(suffix, token, body)` against the base.
let base = '';

export function setBase(url: string): void {
  base = url.endsWith('/') ? url : `${url}/`;
}

export class JourneyHttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: { status?: number; message?: string; error?: string },
  ) {
    super(`journey API answered ${status} (${body.error ?? 'unknown-error'})`);
  }
}

export async function post<T>(path: string, token: string, body: unknown): Promise<T> {
  const response = await fetch(base + path, {
    method: 'POST',
    headers: { accept: 'application/json', authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = (await response.json()) as T;
  if (!response.ok) throw new JourneyHttpError(response.status, json as JourneyHttpError['body']);
  return json;
}
