import { GoClient, type Profile } from './client.js';
import { completeTask, getState, listTasks, type State, startJourney } from './commands.js';

const DOCUMENT_SELFIE = 'c3f9e5b2doc-selfie-v1@latest';

export type Verdict = 'pass' | 'reject' | 'review' | 'error';

/** What `--subject` points at: base64 images, and the name if the user gave one. */
export interface SubjectFile {
  firstName?: string;
  lastName?: string;
  documentFront: string;
  documentBack?: string;
  selfie: string;
}

export interface RunConfig extends Profile {
  subject: SubjectFile;
  /** `--poll-interval`, ms. @default 2000 */
  pollIntervalMs?: number;
  /** `--max-polls` @default 200 */
  maxPolls?: number;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The CLI's verdict on a finished journey: its status, then the decision entry among the flow results. */
export function verdictOf(state: State): Verdict {
  if (state.status === 'Failed' || state.status === 'Error') return 'error';
  const outcomes = Object.values(state.data.process?.flow ?? {}).map((entry) => entry.result?.outcome ?? '');
  const decision = outcomes.find((outcome) => outcome.startsWith('Decision:'));
  if (decision === undefined) throw new Error(`journey ${state.instanceId} ended (${state.status}) without a decision`);
  if (/Pass|Accept/.test(decision)) return 'pass';
  if (/Reject|Fail/.test(decision)) return 'reject';
  if (/Manual review|Refer|Alert/.test(decision)) return 'review';
  throw new Error(`journey ${state.instanceId}: cannot read decision "${decision}"`);
}

/** `go verify --journey document-selfie --subject <file>`: start, complete every task with the file, read the verdict. */
export async function run(config: RunConfig): Promise<{ instanceId: string; outcome: Verdict }> {
  const client = new GoClient(config);
  const { firstName, lastName, documentFront, documentBack = '', selfie } = config.subject;
  const subject = {
    ...(firstName && lastName && { identity: { firstName, lastNames: [lastName] } }),
    documents: [{ type: 'Primary', side1Image: documentFront, side2Image: documentBack }],
    biometrics: [{ selfieImage: selfie }],
  };

  const { instanceId } = await startJourney(client, DOCUMENT_SELFIE);
  for (let polls = 0; polls < (config.maxPolls ?? 200); polls++) {
    const list = await listTasks(client, DOCUMENT_SELFIE, instanceId);
    if (list.tasks.length > 0) {
      for (const task of list.tasks) await completeTask(client, instanceId, task.taskId, subject);
      continue;
    }
    if (list.status !== 'InProgress') return { instanceId, outcome: verdictOf(await getState(client, instanceId)) };
    await pause(config.pollIntervalMs ?? 2000);
  }
  throw new Error(`journey ${instanceId} still running after ${config.maxPolls ?? 200} polls`);
}
