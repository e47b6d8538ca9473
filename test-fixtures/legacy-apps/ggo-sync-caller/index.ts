import { type ApiConfig, getState, login, startAndWait } from './api.js';
import { type Outcome, outcomeOf } from './flow.js';

const DUAL_SOURCE_JOURNEY = 'c9e3a5b7dual-source-v1@latest';

export interface Person {
  firstName: string;
  lastName: string;
  dateOfBirth: string;
  address: { lines: string[]; locality: string; postalCode: string; country: string };
}

export interface RunConfig extends ApiConfig {
  subject: Person;
  /** @default 3000 */
  pollIntervalMs?: number;
  /** @default 100 */
  maxPolls?: number;
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Checks a person against two sources in one synchronous call, polling only if the answer is not final yet. */
export async function run(config: RunConfig): Promise<{ instanceId: string; outcome: Outcome }> {
  const token = await login(config);
  const { firstName, lastName, dateOfBirth, address } = config.subject;
  let state = await startAndWait(config, token, DUAL_SOURCE_JOURNEY, {
    identity: { firstName, lastNames: [lastName], dateOfBirth, currentAddress: address },
  });
  const instanceId = state.instanceId;
  for (let polls = 0; ; polls++) {
    const outcome = outcomeOf(state);
    if (outcome) return { instanceId, outcome };
    if (polls >= (config.maxPolls ?? 100)) throw new Error(`no decision for ${instanceId}`);
    await wait(config.pollIntervalMs ?? 3000);
    state = await getState(config, token, instanceId);
  }
}
