import type { AxiosInstance } from 'axios';

export interface DataCheckState {
  status: string;
  data: { process: { flow: Record<string, { result: { outcome: string } }> } };
}

/** Takes the instance as a parameter: what it answers is axios's response, whoever made it. */
export const dataCheckApi = {
  start(http: AxiosInstance, subject: object) {
    return http
      .post<{ instanceId: string }>('journey/start', { resourceId: 'a1d7c3f0data-check-v1@latest', context: { config: { async: true }, subject } })
      .then((res) => res.data.instanceId);
  },

  nextTask(http: AxiosInstance, instanceId: string) {
    return http.post<{ tasks?: { taskId: string }[] }>('journey/task/list', { instanceId }).then(({ data }) => data.tasks?.[0]?.taskId);
  },

  complete(http: AxiosInstance, instanceId: string, taskId: string, subject: object) {
    return http.post('journey/task/update', { intent: 'Complete', instanceId, taskId, context: { subject } }).then(() => undefined);
  },

  async state(http: AxiosInstance, instanceId: string) {
    const res = await http.post<DataCheckState>('journey/state/fetch', { instanceId });
    return res.data;
  },
};
