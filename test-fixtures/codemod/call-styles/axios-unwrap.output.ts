import axios from 'axios';
import { moduleSteps, participantsFor, pendingInteractionId, requiredDecisionOf, requiredInteractionId } from './journey-v2.js';

const http = axios.create({ baseURL: 'https://eu.platform.go.gbgplc.com/v2/captain/journey/' });

// callers get the body, not the axios response (axios's types do not know: the answers are typed any)
http.interceptors.response.use(({ data }) => data);

export async function verify(subject: { identity: object }): Promise<{ approved: boolean; checks: string[] }> {
  const started: any = await http.post('start', {
    resourceId: 'b2e8d4a1data-check-v2@latest',
    context: { config: { delivery: 'api' }, subject },
  });
  const instanceId: string = started.instanceId;
  let list: any = await http.post('interaction/fetch', { instanceId });
  while (pendingInteractionId(list) === undefined) list = await http.post('interaction/fetch', { instanceId });
  const task = pendingInteractionId(list);
  await http.post('interaction/submit', { instanceId, interactionId: requiredInteractionId(task), participants: participantsFor(list, subject), context: { subject } });
  const state: any = await http.post('state/fetch', { instanceId });
  const checks = moduleSteps(state).map((entry: any) => entry.result.outcome);
  const approved = requiredDecisionOf(state) === 'Accept';
  return { approved, checks };
}
