import { verdictOf } from './verdict-read';
import type { V2State } from './journey-v2';

export async function verdict(instanceId: string): Promise<string> {
  const res = await fetch('https://eu.platform.go.gbgplc.com/v2/captain/journey/state/fetch', {
    method: 'POST',
    body: JSON.stringify({ instanceId }),
  });
  const state = (await res.json()) as V2State;
  return verdictOf(state);
}
