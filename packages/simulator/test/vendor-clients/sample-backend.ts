import { type EndUser, mergeParts, subjectPart } from './end-users.js';

// A backend written in the style of the vendor's sample: its own loose view of the platform's answers, a screen
// plan that splits one interaction into screens by the refs `outstanding` names and the side-2 instructions, and a
// decision read from `outcomeClassification`.

interface FetchAnswer {
  instanceId?: string;
  interactionId?: string;
  processing?: boolean;
  journey?: { status?: string };
  instructions?: string[];
  outstanding?: string[];
  result?: { status?: string; outcome?: string; outcomeClassification?: string };
}

interface StateStep {
  nodeId?: string;
  name?: string;
  outcome?: string;
  outcomeClassification?: string;
  result?: { status?: string; outcome?: string; error?: { errors?: { action?: string }[] } } | null;
  process?: { step?: { durationMilliSec?: number } };
}

interface StateAnswer {
  status?: string;
  steps?: StateStep[];
  result?: { outcomeClassification?: string };
  context?: { process?: { steps?: StateStep[] }; result?: { outcomeClassification?: string } };
}

/** One screen of the plan: it claims the refs that start with one of its prefixes. */
interface Stage {
  readonly name: string;
  readonly kind: 'consent' | 'form' | 'capture';
  readonly prefixes: readonly string[];
}

/** The plan, in order: the first stage not yet submitted that claims something outstanding is shown. */
export const SCREEN_PLAN: readonly Stage[] = [
  { name: 'consent', kind: 'consent', prefixes: ['Consent'] },
  { name: 'details', kind: 'form', prefixes: ['FullName', 'DateOfBirth', 'SSN', 'CurrentAddress'] },
  { name: 'contact', kind: 'form', prefixes: ['MobilePhone', 'EmailAddress'] },
  { name: 'document', kind: 'capture', prefixes: ['PrimaryDocument'] },
  { name: 'selfie', kind: 'capture', prefixes: ['Selfie'] },
];

export type Decision = 'pass' | 'fail' | 'refer';

export type Screen =
  | { readonly kind: 'processing'; readonly title: string }
  | { readonly kind: 'result'; readonly decision: Decision }
  | { readonly kind: 'stage'; readonly stage: string; readonly refs: readonly string[] };

const claims = (stage: Stage, ref: string) => stage.prefixes.some((prefix) => ref === prefix || ref.startsWith(`${prefix}/`));
const has = (list: readonly string[] | undefined, word: string) =>
  list?.some((entry) => entry.toLowerCase() === word.toLowerCase()) ?? false;
const isFailed = (status: string | undefined) => status === 'Failed' || status === 'Error';

function decisionOf(classification: string | undefined): Decision {
  if (classification === 'positive') return 'pass';
  if (classification === 'negative') return 'fail';
  return 'refer';
}

/**
 * The next screen for a fetch answer, given the stages already submitted (`document-side2` for the back): the
 * platform's `outstanding` may repeat what was taken, so the submitted stages are what advance the plan.
 */
export function nextScreen(answer: FetchAnswer, submitted: ReadonlySet<string>): Screen {
  if (isFailed(answer.journey?.status)) return { kind: 'result', decision: 'fail' };
  if (answer.journey?.status === 'Completed') return { kind: 'result', decision: decisionOf(answer.result?.outcomeClassification) };
  if (answer.processing) return { kind: 'processing', title: 'Running identity verification' };
  const outstanding = answer.outstanding ?? [];
  const unclaimed = outstanding.filter((ref) => !SCREEN_PLAN.some((stage) => claims(stage, ref)));
  if (unclaimed.length > 0) throw new Error(`no screen for ${unclaimed.join(', ')}`);
  // The document holds its stage until the platform has said whether it wants the back.
  if (submitted.has('document') && !submitted.has('document-side2')) {
    const wantsBack = outstanding.includes('PrimaryDocument/side2Image') || has(answer.instructions, 'Side2Required');
    if (wantsBack) return { kind: 'stage', stage: 'document-side2', refs: ['PrimaryDocument/side2Image'] };
    if (has(answer.instructions, 'LazySide2CollectionRequired')) return { kind: 'processing', title: 'Verifying document type' };
  }
  const stage = SCREEN_PLAN.find((candidate) => !submitted.has(candidate.name) && outstanding.some((ref) => claims(candidate, ref)));
  if (!stage) return { kind: 'processing', title: 'Running identity verification' };
  const refs = outstanding.filter((ref) => claims(stage, ref) && ref !== 'PrimaryDocument/side2Image');
  return { kind: 'stage', stage: stage.name, refs };
}

/** What the result screen shows: the decision, whether the platform failed rather than the user, and the modules run. */
export interface ResultRecord {
  readonly decision: Decision;
  readonly systemError: boolean;
  readonly moduleRuns: readonly { label: string; outcome: string | undefined; ms: number | undefined }[];
}

export function toRecord(state: StateAnswer): ResultRecord {
  const steps = state.steps ?? state.context?.process?.steps ?? [];
  const result = state.result ?? state.context?.result;
  const systemError = isFailed(state.status) || steps.some((step) => step.result?.error !== undefined || step.result?.status === 'error');
  return {
    decision: isFailed(state.status) ? 'fail' : decisionOf(result?.outcomeClassification),
    systemError,
    // The decision node is not a module: it has no result of its own.
    moduleRuns: steps
      .filter((step) => step.result)
      .map((step) => ({ label: step.name ?? '', outcome: step.result?.outcome, ms: step.process?.step?.durationMilliSec })),
  };
}

/** The sample's client of the platform: the API client's token, and an end user's where a tenant asks for one. */
export class SampleLiveClient {
  readonly #base: string;
  readonly #authUrl: string;
  readonly #fetch: typeof globalThis.fetch;
  #token = '';
  readonly #endUser = new Map<string, string>();

  constructor(regionUrl: string, authUrl: string, fetch: typeof globalThis.fetch) {
    this.#base = `${regionUrl}/v2/captain/`;
    this.#authUrl = authUrl;
    this.#fetch = fetch;
  }

  async authenticate(clientId: string, clientSecret: string): Promise<void> {
    const form = new URLSearchParams({ grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret });
    const response = await this.#fetch(`${this.#authUrl}/as/token.oauth2`, { method: 'POST', body: form });
    this.#token = ((await response.json()) as { access_token: string }).access_token;
  }

  async start(resourceId: string): Promise<string> {
    const answer = await this.#call('journey/start', { resourceId, context: { config: { delivery: 'api' }, subject: {} } });
    return (answer as { instanceId: string }).instanceId;
  }

  async fetchInteraction(instanceId: string): Promise<FetchAnswer> {
    return (await this.#interactionCall('journey/interaction/fetch', instanceId, { instanceId })) as FetchAnswer;
  }

  async submit(instanceId: string, interactionId: string, refs: readonly string[], subject: object): Promise<void> {
    const participants = refs.map((domainElementId) => ({ domainElementId }));
    await this.#interactionCall('journey/interaction/submit', instanceId, {
      instanceId,
      interactionId,
      participants,
      context: { subject },
    });
  }

  async fetchState(instanceId: string): Promise<StateAnswer> {
    return (await this.#call('journey/state/fetch', { instanceId })) as StateAnswer;
  }

  /** An interaction call; refused with 401, the end user is connected through the device endpoints and it goes again. */
  async #interactionCall(path: string, instanceId: string, body: object): Promise<unknown> {
    try {
      return await this.#call(path, body, this.#endUser.get(instanceId));
    } catch (error) {
      if (!(error instanceof SampleCallError) || error.status !== 401 || this.#endUser.has(instanceId)) throw error;
      const { connectToken } = (await this.#call('journey/device/start', { instanceId })) as { connectToken: string };
      const { endUserToken } = (await this.#call('journey/device/connect', {}, connectToken)) as { endUserToken: string };
      this.#endUser.set(instanceId, endUserToken);
      return this.#call(path, body, endUserToken);
    }
  }

  async #call(path: string, body: object, bearer = this.#token): Promise<unknown> {
    const response = await this.#fetch(`${this.#base}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const json: unknown = await response.json();
    if (!response.ok) throw new SampleCallError(path, response.status);
    return json;
  }
}

export class SampleCallError extends Error {
  override name = 'SampleCallError';
  constructor(
    readonly path: string,
    readonly status: number,
  ) {
    super(`${path} answered ${status}`);
  }
}

/**
 * One end user through the sample's screens: each screen shown is filled in and submitted as the refs it
 * claims; processing screens wait; the result screen ends it, and the record is read from the state.
 */
export async function runSampleJourney(
  client: SampleLiveClient,
  resourceId: string,
  user: EndUser,
  wait: () => Promise<void>,
): Promise<{ screens: string[]; shown: Decision; record: ResultRecord }> {
  const instanceId = await client.start(resourceId);
  const submitted = new Set<string>();
  const screens: string[] = [];
  for (let poll = 0; poll < 200; poll += 1) {
    const answer = await client.fetchInteraction(instanceId);
    const screen = nextScreen(answer, submitted);
    if (screen.kind === 'result') return { screens, shown: screen.decision, record: toRecord(await client.fetchState(instanceId)) };
    if (screen.kind === 'processing') {
      await wait();
      continue;
    }
    screens.push(screen.stage);
    const subject = mergeParts(screen.refs.map((ref) => subjectPart(user, ref)));
    await client.submit(instanceId, answer.interactionId ?? '', screen.refs, subject);
    submitted.add(screen.stage);
  }
  throw new Error(`journey ${instanceId} never showed a result`);
}
