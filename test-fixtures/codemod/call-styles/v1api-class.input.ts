import { createV1Client, staticToken, type V1Api, type V1Client } from '@journey-bridge/client';

export class Onboarding {
  constructor(private readonly journeys: V1Client) {}

  static create(token: string): Onboarding {
    return new Onboarding(createV1Client({ region: 'eu', auth: staticToken(token) }));
  }

  async pendingTask(instanceId: string): Promise<string | undefined> {
    const list = await this.journeys.listTasks({ instanceId });
    return list.tasks[0]?.taskId;
  }

  async failed(instanceId: string): Promise<boolean> {
    const state = await this.journeys.fetchState({ instanceId });
    return state.status === 'Failed';
  }
}

export type Journeys = V1Api;
