import type { V2State } from './journey-v2.js';
// A status handed out by a generator and read in a `for await` loop, and one returned to a caller that compares it.
interface JourneyState {
  status: string;
}

export async function* statuses(token: string, instanceId: string): AsyncGenerator<string> {
  for (;;) {
    const res = await fetch('https://eu.platform.go.gbgplc.com/v2/captain/journey/state/fetch', {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: JSON.stringify({ instanceId }),
    });
    const state = (await res.json()) as V2State;
    yield state.status;
    if (state.status !== 'InProgress') return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

export async function outcome(token: string, instanceId: string): Promise<'ok' | 'failed' | 'pending'> {
  for await (const status of statuses(token, instanceId)) {
    if (status === 'Failed' || status === 'Error') return 'failed';
    if (status === 'Completed') return 'ok';
  }
  return 'pending';
}

async function currentStatus(token: string, instanceId: string): Promise<string> {
  const res = await fetch('https://eu.platform.go.gbgplc.com/v2/captain/journey/state/fetch', {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: JSON.stringify({ instanceId }),
  });
  const state = (await res.json()) as V2State;
  return state.status;
}

export async function hasFailed(token: string, instanceId: string): Promise<boolean> {
  const status = await currentStatus(token, instanceId);
  return status === 'Failed' || status === 'Error';
}
