import { AccountStore } from './store-index';

function outcomes(state: any): string[] {
  return Object.values(state.data.process.flow).map((entry: any) => entry.result.outcome);
}

export async function show(token: string, instanceId: string) {
  const store = new AccountStore();
  const state = await store.refresh(token, instanceId);
  if (store.failed()) return 'failed';
  const { status } = state;
  return `${status}: ${outcomes(state).join(', ')}`;
}
