import { FieldStateClient } from './field-client';

export async function fieldOutcome(token: string, id: string): Promise<'ok' | 'failed' | 'pending'> {
  const client = new FieldStateClient(token);
  const state = await client.fetchState(id);
  if (state.status === 'Failed') return 'failed';
  if (state.status === 'Completed') return 'ok';
  return 'pending';
}
