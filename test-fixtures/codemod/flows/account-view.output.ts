import { AccountStore } from './store-index';
import { moduleSteps } from './journey-v2';

function outcomes(state: any): string[] {
  return moduleSteps(state).map((entry: any) => entry.result.outcome);
}

export async function show(token: string, instanceId: string) {
  const store = new AccountStore();
  const state = await store.refresh(token, instanceId);
  if (store.failed()) return 'failed';
  const { status } = state;
  return `${status}: ${outcomes(state).join(', ')}`;
}
