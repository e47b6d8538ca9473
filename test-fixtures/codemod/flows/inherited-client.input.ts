import { JourneyHttpClient } from './inherited-base';

export interface OnboardingTasks {
  status: string;
  tasks?: { taskId: string }[];
}
export interface OnboardingState {
  status: string;
  data: { process: { flow: Record<string, { result: { outcome: string } }> } };
}

/** Calls `this.call`, which it inherits from the base class in another module. */
export class OnboardingClient extends JourneyHttpClient {
  constructor(token: string) {
    super(token);
  }

  async begin(subject: object): Promise<string> {
    const { instanceId } = await this.call<{ instanceId: string }>('start', {
      resourceId: 'a1d7c3f0data-check-v1@latest',
      context: { config: { async: true }, subject },
    });
    return instanceId;
  }

  async pendingTask(instanceId: string): Promise<string | undefined> {
    const list = await this.call<OnboardingTasks>('task/list', { instanceId });
    return list.tasks?.[0]?.taskId;
  }

  submit(instanceId: string, taskId: string, subject: object): Promise<unknown> {
    return this.call('task/update', { intent: 'Complete', instanceId, taskId, context: { subject } });
  }

  state(instanceId: string): Promise<OnboardingState> {
    return this.call<OnboardingState>('state/fetch', { instanceId });
  }
}
