import type { VerdictState } from './verdict-types';
import { verdictOf } from './verdict-read';

export async function verdict(instanceId: string): Promise<string> {
  const res = await fetch('https://eu.platform.go.gbgplc.com/captain/api/journey/state/fetch', {
    method: 'POST',
    body: JSON.stringify({ instanceId }),
  });
  const state = (await res.json()) as VerdictState;
  return verdictOf(state);
}
