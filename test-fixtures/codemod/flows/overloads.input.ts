// Overloaded functions and methods the answer flows through: their signatures are retyped with the implementation.
const OVERLOAD_BASE = 'https://eu.platform.go.gbgplc.com/captain/api/journey';

interface OverloadState {
  status: string;
}

export async function overloadedState(instanceId: string): Promise<OverloadState>;
export async function overloadedState(instanceId: string, attempt: number): Promise<OverloadState>;
export async function overloadedState(instanceId: string, attempt = 0): Promise<OverloadState> {
  if (attempt > 3) throw new Error(`no state for ${instanceId}`);
  const res = await fetch(`${OVERLOAD_BASE}/state/fetch`, { method: 'POST', body: JSON.stringify({ instanceId }) });
  return (await res.json()) as OverloadState;
}

export function isFinished(s: OverloadState): boolean;
export function isFinished(s: OverloadState | undefined): boolean;
export function isFinished(s: OverloadState | undefined): boolean {
  return s?.status === 'Completed' || s?.status === 'Failed';
}

export class OverloadView {
  label(s: { status: string }): string;
  label(s: { status: string }, prefix: string): string;
  label(s: { status: string }, prefix = ''): string {
    return `${prefix}${s.status === 'Failed' ? 'failed' : s.status}`;
  }
}

const overloadView = new OverloadView();

export async function overloadTick(id: string): Promise<string> {
  const s = await overloadedState(id);
  return isFinished(s) ? overloadView.label(s, 'done: ') : 'waiting';
}
