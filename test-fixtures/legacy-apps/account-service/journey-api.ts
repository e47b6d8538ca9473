import { post } from './http.js';

export type Subject = Record<string, unknown>;

export interface Task {
  taskId: string;
  variantId: string;
}

export interface TaskList {
  instanceId: string;
  status: string;
  tasks: Task[];
}

export interface FlowEntry {
  result: { outcome: string };
}

export interface JourneyState {
  instanceId: string;
  status: 'InProgress' | 'Completed' | 'Failed' | 'Paused';
  data: {
    process?: { flow: Record<string, FlowEntry> };
    context?: { process: { flow: Record<string, FlowEntry> } };
  };
}

/** The journey endpoints the service uses, with its token. */
export class JourneyApi {
  constructor(private readonly token: string) {}

  /** Starts a journey. v1 runs it before answering: the answer comes once it has run, or waits for input. */
  start(resourceId: string, subject: Subject): Promise<{ instanceId: string }> {
    return post('start', this.token, { resourceId, context: { subject } });
  }

  tasks(instanceId: string): Promise<TaskList> {
    return post('task/list', this.token, { instanceId });
  }

  complete(instanceId: string, taskId: string, subject: Subject): Promise<unknown> {
    return post('task/update', this.token, { intent: 'Complete', instanceId, taskId, context: { subject } });
  }

  state(instanceId: string): Promise<JourneyState> {
    return post('state/fetch', this.token, { instanceId, filterKeys: ['/.*/'] });
  }
}
