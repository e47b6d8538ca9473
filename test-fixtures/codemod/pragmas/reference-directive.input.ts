/* Copyright Acme Ltd. Licensed under the MIT licence. */
/// <reference lib="es2022" />
// @ts-check

export async function verdict(instanceId: string): Promise<string> {
  const res = await fetch('https://eu.platform.go.gbgplc.com/captain/api/journey/state/fetch', {
    method: 'POST',
    body: JSON.stringify({ instanceId }),
  });
  const state = await res.json();
  return state.data.process.flow.decision?.result.outcome === 'Decision: Pass' ? 'pass' : 'other';
}
