import { JourneyFieldClient } from './field-base';

export interface FieldState {
  status: string;
}

/** Calls `this.post`, which it inherits from a base class whose URL is a field. */
export class FieldStateClient extends JourneyFieldClient {
  constructor(protected readonly token: string) {
    super();
  }

  fetchState(instanceId: string): Promise<FieldState> {
    return this.post<FieldState>('state/fetch', { instanceId });
  }
}
