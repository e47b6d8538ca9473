import { clearAccessToken, type Credentials, getAccessToken } from './token.js';

export interface Task {
  taskId: string;
  variantId?: string;
}

export interface FlowEntry {
  _ggo?: Record<string, string>;
  result: { outcome: string };
}

export interface JourneyState {
  instanceId: string;
  status: string;
  data: {
    context?: {
      process: { flow: Record<string, FlowEntry> };
      result: { status: string };
    };
  };
}

/** Thin client for the journey endpoints we use. */
export class JourneyApi {
  constructor(
    private readonly baseUrl: string,
    private readonly credentials: Credentials,
  ) {}

  private async call<T>(path: string, body: unknown, retried = false): Promise<T> {
    const token = await getAccessToken(this.credentials);
    const response = await fetch(`${this.baseUrl}${path}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (response.status === 401 && !retried) {
      clearAccessToken();
      return this.call(path, body, true);
    }
    if (!response.ok) {
      const error = (await response.json().catch(() => ({}))) as { message?: string };
      throw new Error(`${path} failed with ${response.status}: ${error.message ?? 'no message'}`);
    }
    return (await response.json()) as T;
  }

  startJourney(resourceId: string, subject: object): Promise<{ instanceId: string }> {
    return this.call('journey/start', { resourceId, context: { config: { async: true }, subject } });
  }

  listTasks(instanceId: string): Promise<{ status: string; tasks: Task[] }> {
    return this.call('journey/task/list', { instanceId });
  }

  completeTask(instanceId: string, taskId: string, subject: object): Promise<unknown> {
    return this.call('journey/task/update', { intent: 'Complete', instanceId, taskId, context: { subject } });
  }

  fetchState(instanceId: string): Promise<JourneyState> {
    return this.call('journey/state/fetch', { instanceId, filterKeys: ['/.*/'] });
  }
}
