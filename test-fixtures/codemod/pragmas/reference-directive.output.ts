/* Copyright Acme Ltd. Licensed under the MIT licence. */
/// <reference lib="es2022" />
// @ts-check
import { decisionOf } from './journey-v2.js';

export async function verdict(instanceId: string): Promise<string> {
  const res = await fetch('https://eu.platform.go.gbgplc.com/v2/captain/journey/state/fetch', {
    method: 'POST',
    body: JSON.stringify({ instanceId }),
  });
  const state = await res.json();
  return decisionOf(state) === 'Accept' ? 'pass' : 'other';
}
