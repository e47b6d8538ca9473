const BASE = 'https://eu.platform.go.gbgplc.com/captain/api/journey/';

async function post<T>(path: string, body: unknown): Promise<T> {
  const res = await fetch(BASE + path, { method: 'POST', body: JSON.stringify(body) });
  return (await res.json()) as T;
}

export namespace Journey {
  export function start(resourceId: string): Promise<{ instanceId: string }> {
    return post('start', { resourceId, context: { config: { async: true }, subject: {} } });
  }
  export function state(instanceId: string): Promise<{ status: string }> {
    return post('state/fetch', { instanceId });
  }
}
