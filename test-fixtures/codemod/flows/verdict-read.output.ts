import { type V2State, decisionOf } from './journey-v2';

export function verdictOf(state: V2State): string {
  if (state.status === 'Failed' || state.status === 'Error') return 'error';
  return decisionOf(state) === 'Accept' ? 'approved' : 'review';
}
