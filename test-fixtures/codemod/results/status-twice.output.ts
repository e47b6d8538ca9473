const JOURNEY_API = 'https://eu.platform.go.gbgplc.com/captain/api/journey/';

async function call<T>(path: string, body: object): Promise<T> {
  // journey-codemod: unsupported [codemod.shared-constant] shares the literal at line 1 of this file with the v1 code at line 12 of this file, which stays v1
  const res = await fetch(JOURNEY_API + path, { method: 'POST', body: JSON.stringify(body) });
  return (await res.json()) as T;
}

// The status is read from a request written in the comparison: comparing it with 'Error' too would send it twice.
export async function failedNow(instanceId: string): Promise<boolean> {
  // journey-codemod: unsupported [status.failure-spelling] a failed journey's status would read 'Failed' or 'Error' on v2, and comparing (await call<{ status: string }>('state/fetch', { instanceId })).status with both would evaluate it twice → v2: assign the status to a variable first (const status = …), compare that with 'Failed', then run again
  if ((await call<{ status: string }>('state/fetch', { instanceId })).status === 'Failed') return true;
  return false;
}
