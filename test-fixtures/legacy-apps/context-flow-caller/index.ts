import { readVerdict, type Verdict } from './decision.js';
import { JourneyApi } from './journey-api.js';

export const ACCOUNT_OPENING_JOURNEY = 'a7c1e3f5account-opening-v1@latest';

export interface Applicant {
  firstName: string;
  lastName: string;
  dateOfBirth: string;
}

export interface RunConfig {
  v1BaseUrl: string;
  tokenUrl: string;
  username: string;
  password: string;
  subject: Applicant;
  /** @default 2000 */
  pollIntervalMs?: number;
  /** @default 150 */
  maxPolls?: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Opens an account: starts the journey, hands over the applicant, waits for the decision. */
export async function run(config: RunConfig): Promise<{ instanceId: string; outcome: Verdict }> {
  const api = new JourneyApi(config.v1BaseUrl, config);
  const { instanceId } = await api.startJourney(ACCOUNT_OPENING_JOURNEY, {});

  const applicant = {
    identity: {
      firstName: config.subject.firstName,
      lastNames: [config.subject.lastName],
      dateOfBirth: config.subject.dateOfBirth,
    },
  };
  const { tasks } = await api.listTasks(instanceId);
  for (const task of tasks) await api.completeTask(instanceId, task.taskId, applicant);

  for (let poll = 0; poll < (config.maxPolls ?? 150); poll++) {
    const verdict = readVerdict(await api.fetchState(instanceId));
    if (verdict) return { instanceId, outcome: verdict };
    await sleep(config.pollIntervalMs ?? 2000);
  }
  throw new Error(`journey ${instanceId} did not finish in time`);
}
