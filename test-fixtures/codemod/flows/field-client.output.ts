import { JourneyFieldClient } from './field-base';
import type { V2State } from './journey-v2';

export interface FieldState {
  status: string;
}

/** Calls `this.post`, which it inherits from a base class whose URL is a field. */
export class FieldStateClient extends JourneyFieldClient {
  constructor(protected readonly token: string) {
    super();
  }

  fetchState(instanceId: string): Promise<V2State> {
    return this.post<V2State>('state/fetch', { instanceId });
  }
}
