import type { GoClient } from './client.js';

// The CLI's commands, with the request bodies it has always sent.

export interface TaskList {
  instanceId: string;
  status: string;
  tasks: { taskId: string; variantId?: string }[];
}

export interface State {
  instanceId: string;
  status: string;
  metaData?: { createdTime: string; completedTime: string };
  data: { process?: { flow?: Record<string, { result?: { outcome?: string } }> } };
}

/** `go journey start <journeyId> --async` */
export function startJourney(client: GoClient, journeyId: string): Promise<{ instanceId: string }> {
  return client.request('journey start', 'journey/start', { resourceId: journeyId, context: { config: { async: true }, subject: {} } });
}

/** `go task list <instanceId> --journey <journeyId>`: open tasks only. */
export function listTasks(client: GoClient, journeyId: string, instanceId: string): Promise<TaskList> {
  return client.request('task list', 'journey/task/list', { instanceId, journeyId, filter: { state: 'open' } });
}

/** `go task complete <taskId> --subject <file>` */
export function completeTask(client: GoClient, instanceId: string, taskId: string, subject: object): Promise<unknown> {
  return client.request('task complete', 'journey/task/update', {
    instanceId,
    taskId,
    intent: 'COMPLETE',
    context: { subject },
    data: { channel: 'cli' },
  });
}

/** `go state get <instanceId> --context process` */
export function getState(client: GoClient, instanceId: string): Promise<State> {
  return client.request('state get', 'journey/state/fetch', { instanceId, context: ['process'] });
}
