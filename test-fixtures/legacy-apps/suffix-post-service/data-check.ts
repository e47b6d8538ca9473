import { passwordToken } from './auth.js';
import { post, setBase } from './http.js';

const DATA_CHECK = 'a1d7c3f0data-check-v1@latest';

export type Classification = 'pass' | 'reject' | 'review' | 'error';

export interface Customer {
  firstName: string;
  lastName: string;
  dateOfBirth: string;
}

export interface RunConfig {
  v1BaseUrl: string;
  tokenUrl: string;
  username: string;
  password: string;
  subject: Customer;
  /** @default 1000 */
  pollIntervalMs?: number;
}

interface TaskListWithSchema {
  status: string;
  tasks: { taskId: string; variantId: string; schema: { $ref: string } }[];
}

interface V1State {
  status: 'InProgress' | 'Completed' | 'Failed' | 'Paused';
  data: { process?: { flow: Record<string, { result: { outcome: string } }> } };
}

function classify(state: V1State): Classification {
  if (state.status === 'Failed') return 'error';
  const outcome = state.data.process?.flow.decision?.result.outcome;
  switch (outcome) {
    case 'Decision: Pass':
      return 'pass';
    case 'Decision: Reject':
      return 'reject';
    case 'Decision: Manual review':
      return 'review';
    default:
      throw new Error(`data check ended without a known decision: ${outcome}`);
  }
}

/** Runs the identity data check for one customer. */
export async function run(config: RunConfig): Promise<{ instanceId: string; outcome: Classification }> {
  setBase(config.v1BaseUrl);
  const token = await passwordToken(config.tokenUrl, config.username, config.password);
  const { instanceId } = await post<{ instanceId: string }>('journey/start', token, {
    resourceId: DATA_CHECK,
    context: { config: { async: true }, subject: {} },
  });

  const list = await post<TaskListWithSchema>('journey/task/list/schema', token, { instanceId });
  const subject = {
    identity: { firstName: config.subject.firstName, lastNames: [config.subject.lastName], dateOfBirth: config.subject.dateOfBirth },
  };
  for (const task of list.tasks) {
    await post('journey/task/update', token, { intent: 'Complete', instanceId, taskId: task.taskId, context: { subject } });
  }

  let state = await post<V1State>('journey/state/fetch', token, { instanceId });
  while (state.status === 'InProgress') {
    await new Promise((resolve) => setTimeout(resolve, config.pollIntervalMs ?? 1000));
    state = await post<V1State>('journey/state/fetch', token, { instanceId });
  }
  return { instanceId, outcome: classify(state) };
}
