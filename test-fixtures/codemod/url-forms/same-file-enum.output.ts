import type { V2State } from './journey-v2.js';
const enum Path {
  State = '/journey/state/fetch',
}

export async function journeyCompleted(token: string, instanceId: string): Promise<boolean> {
  const res = await fetch(`https://eu.platform.go.gbgplc.com/v2/captain${Path.State}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: JSON.stringify({ instanceId }),
  });
  const state = (await res.json()) as V2State;
  return state.status === 'Completed';
}
