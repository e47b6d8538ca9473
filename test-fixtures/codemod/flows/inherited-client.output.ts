import { JourneyHttpClient } from './inherited-base';
import { type V2Interaction, type V2State, participantsFor, pendingInteractionId } from './journey-v2';

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
      resourceId: 'b2e8d4a1data-check-v2@latest',
      context: { config: { delivery: 'api' }, subject },
    });
    return instanceId;
  }

  async pendingTask(instanceId: string): Promise<string | undefined> {
    const list = await this.call<V2Interaction>('interaction/fetch', { instanceId });
    return pendingInteractionId(list);
  }

  async submit(instanceId: string, taskId: string, subject: object): Promise<unknown> {
    return this.call('interaction/submit', { instanceId, interactionId: taskId, participants: participantsFor(await this.call('interaction/fetch', { instanceId }), subject), context: { subject } });
  }

  state(instanceId: string): Promise<V2State> {
    return this.call<V2State>('state/fetch', { instanceId });
  }
}
