import type { V2State } from './journey-v2.js';
// Overloaded functions and methods the answer flows through: their signatures are retyped with the implementation.
const OVERLOAD_BASE = 'https://eu.platform.go.gbgplc.com/v2/captain/journey';

interface OverloadState {
  status: string;
}

export async function overloadedState(instanceId: string): Promise<V2State>;
export async function overloadedState(instanceId: string, attempt: number): Promise<V2State>;
export async function overloadedState(instanceId: string, attempt = 0): Promise<V2State> {
  if (attempt > 3) throw new Error(`no state for ${instanceId}`);
  const res = await fetch(`${OVERLOAD_BASE}/state/fetch`, { method: 'POST', body: JSON.stringify({ instanceId }) });
  return (await res.json()) as V2State;
}

export function isFinished(s: V2State): boolean;
export function isFinished(s: V2State | undefined): boolean;
export function isFinished(s: V2State | undefined): boolean {
  return s?.status === 'Completed' || (s?.status === 'Failed' || s?.status === 'Error');
}

export class OverloadView {
  label(s: V2State): string;
  label(s: V2State, prefix: string): string;
  label(s: V2State, prefix = ''): string {
    return `${prefix}${(s.status === 'Failed' || s.status === 'Error') ? 'failed' : s.status}`;
  }
}

const overloadView = new OverloadView();

export async function overloadTick(id: string): Promise<string> {
  const s = await overloadedState(id);
  return isFinished(s) ? overloadView.label(s, 'done: ') : 'waiting';
}
