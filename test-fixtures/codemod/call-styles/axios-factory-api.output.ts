import type { AxiosInstance } from 'axios';
import { type V2Interaction, type V2State, participantsFor, pendingInteractionId } from './journey-v2.js';

export interface DataCheckState {
  status: string;
  data: { process: { flow: Record<string, { result: { outcome: string } }> } };
}

/** Takes the instance as a parameter: what it answers is axios's response, whoever made it. */
export const dataCheckApi = {
  start(http: AxiosInstance, subject: object) {
    return http
      .post<{ instanceId: string }>('journey/start', { resourceId: 'b2e8d4a1data-check-v2@latest', context: { config: { delivery: 'api' }, subject } })
      .then((res) => res.data.instanceId);
  },

  nextTask(http: AxiosInstance, instanceId: string) {
    return http.post<V2Interaction>('journey/interaction/fetch', { instanceId }).then(({ data }) => pendingInteractionId(data));
  },

  async complete(http: AxiosInstance, instanceId: string, taskId: string, subject: object) {
    return http.post('journey/interaction/submit', { instanceId, interactionId: taskId, participants: participantsFor(await http.post('journey/interaction/fetch', { instanceId }).then((response) => response.data), subject), context: { subject } }).then(() => undefined);
  },

  async state(http: AxiosInstance, instanceId: string) {
    const res = await http.post<V2State>('journey/state/fetch', { instanceId });
    return res.data;
  },
};
