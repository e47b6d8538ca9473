/**
 * Written by journey-codemod into a migrated project, once: the v2 shapes the migrated code reads and the
 * helpers it calls. It depends on nothing, and the codemod never overwrites it: yours to keep, edit or replace.
 */

// Declared here so the module compiles whatever `lib` and `types` the project uses; the runtime's own timer runs.
declare function setTimeout(handler: () => void, timeout: number): unknown;

/** The answer of `journey/interaction/fetch`. There is no `interactionId` while modules run (`processing: true`). */
export interface V2Interaction {
  instanceId?: string;
  interactionId?: string;
  processing?: boolean;
  journey?: { status?: string };
  interaction?: { collects?: readonly { ref: string; spec?: string }[] };
  /** What the interaction still needs; some tenants name fields (`PrimaryDocument/side1Image`). */
  outstanding?: readonly string[];
}

/** One step of a journey: a module (`outcome` such as `Match`), or the decision node (`Decision: Accept`). */
export interface V2Step {
  nodeId?: string;
  name?: string;
  outcome?: string;
  outcomeClassification?: string;
  advice?: { contains?: Record<string, unknown> };
  result?: { status?: string; outcome?: string } | null;
}

/** A step that ran a module: it has a result (a live tenant's decision step has `result: null`). */
export interface V2ModuleStep extends V2Step {
  result: { status?: string; outcome: string };
}

/** The overall result: `status` pending, complete, error or timeout; the decision in `advice.decision`, `outcome` or `outcomeClassification`. */
export interface V2Result {
  status?: string;
  outcome?: string;
  outcomeClassification?: string;
  advice?: { decision?: string };
}

/** A journey's overall decision in v2's words. */
export type Decision = 'Accept' | 'Reject' | 'Manual review';

/** The answer of `journey/state/fetch`. Some tenants put `steps` and `result` at the top level instead of under `context`. */
export interface V2State {
  instanceId: string;
  status: string;
  context?: { process?: { steps?: V2Step[] }; result?: V2Result; subject?: unknown };
  steps?: V2Step[];
  result?: V2Result;
}

/** A v2 error answer: what went wrong (`problem`), its machine-readable `name`, and the code. */
export interface V2ErrorBody {
  errors?: { code?: string; name?: string; location?: string; problem?: string; action?: string }[];
}

type Subject = {
  identity?: {
    firstName?: unknown;
    middleNames?: unknown;
    lastNames?: unknown;
    dateOfBirth?: unknown;
    currentAddress?: unknown;
    idNumbers?: unknown;
  };
  documents?: unknown;
  biometrics?: unknown;
};

const entries = (value: unknown): Record<string, unknown>[] =>
  Array.isArray(value) ? value.filter((entry): entry is Record<string, unknown> => typeof entry === 'object' && entry !== null) : [];

/** Where each domain element of the specification sits in `context.subject` (the v1 subject shape is the same). */
const ELEMENTS: readonly { readonly id: string; readonly carried: (subject: Subject) => boolean }[] = [
  {
    id: 'FullName',
    carried: ({ identity }) => identity?.firstName !== undefined || identity?.lastNames !== undefined,
  },
  { id: 'DateOfBirth', carried: ({ identity }) => identity?.dateOfBirth !== undefined },
  { id: 'CurrentAddress', carried: ({ identity }) => identity?.currentAddress !== undefined },
  {
    id: 'PrimaryDocument',
    carried: ({ documents }) => entries(documents).some(({ type }) => type === undefined || String(type).toLowerCase() === 'primary'),
  },
  // Destructured, not read as members: a project with noPropertyAccessFromIndexSignature refuses `entry.type` of a record.
  { id: 'Selfie', carried: ({ biometrics }) => entries(biometrics).some(({ selfieImage }) => selfieImage !== undefined) },
  { id: 'SSN', carried: ({ identity }) => entries(identity?.idNumbers).some(({ type }) => type === 'ssn') },
];

/** Whether `value` holds a non-empty `field` anywhere inside it. */
function fills(value: unknown, field: string): boolean {
  if (typeof value !== 'object' || value === null) return false;
  return Object.keys(value).some((key) => {
    const inner = (value as Record<string, unknown>)[key];
    return (key === field && inner !== undefined && inner !== null && inner !== '') || fills(inner, field);
  });
}

/**
 * The `participants` of an interaction submit: the elements the submit carries (the subject, or the element ids
 * the code shows it carries) that the interaction asks for, from its `outstanding` list, else from `collects`.
 * v2 answers 409 for an element already provided (by prefill or an earlier submit), so nothing else is listed.
 * Throws when that leaves none: v2 answers a submit without participants with success and changes nothing, so
 * code that submits until the journey moves on would loop for ever, where v1 refused the update (400).
 */
export function participantsFor(interaction: V2Interaction, carried: object | readonly string[]): { domainElementId: string }[] {
  const outstanding = interaction.outstanding ?? [];
  const asked = outstanding.length > 0 ? outstanding : (interaction.interaction?.collects ?? []).map((entry) => entry.ref);
  const ids: readonly string[] = Array.isArray(carried)
    ? carried
    : ELEMENTS.filter((element) => element.carried(carried as Subject)).map((element) => element.id);
  const participants: { domainElementId: string }[] = [];
  for (const id of ids) {
    const fields = asked.filter((ref) => ref.startsWith(`${id}/`));
    if (asked.indexOf(id) !== -1 || (fields.length > 0 && Array.isArray(carried))) participants.push({ domainElementId: id });
    // Asked for field by field (`PrimaryDocument/side1Image`): name the fields the subject fills.
    else for (const ref of fields) if (fills(carried, ref.slice(id.length + 1))) participants.push({ domainElementId: ref });
  }
  if (participants.length === 0) {
    // Element ids only: the subject's values stay out of messages that end up in logs.
    throw new Error(
      asked.length === 0
        ? 'the interaction asks for no data, so the submit would change nothing: nothing was submitted'
        : `the interaction asks for ${asked.join(', ')}, and the submitted data holds none of it: nothing was submitted`,
    );
  }
  return participants;
}

/**
 * What a v1 task list listed as its one task: the id of the interaction that waits for data. `undefined` while
 * modules run, and once the journey has left InProgress: its fetch then answers the end interaction, which has an
 * `interactionId` but collects nothing, and a submit to it is refused (409).
 */
export function pendingInteractionId(interaction: V2Interaction): string | undefined {
  const status = interaction.journey?.status ?? 'InProgress';
  const collects = interaction.interaction?.collects ?? [];
  return interaction.processing !== true && status === 'InProgress' && collects.length > 0 ? interaction.interactionId : undefined;
}

/**
 * The id of the interaction to submit to, where v1 code read its first task's id (`tasks[0].taskId`) as there being
 * one: that read threw a TypeError on an empty task list, so this throws one where `pendingInteractionId` answers
 * `undefined`, naming why there is none, instead of carrying `undefined` on into a submit.
 */
export function interactionIdToSubmit(interaction: V2Interaction): string {
  const id = pendingInteractionId(interaction);
  if (id !== undefined) return id;
  const status = interaction.journey?.status ?? 'InProgress';
  // Statuses and flags only: the interaction's data stays out of messages that end up in logs.
  throw new TypeError(
    interaction.processing === true
      ? "no interaction waits for data: the journey's modules are still running (v1 listed no task)"
      : status !== 'InProgress'
        ? `no interaction waits for data: the journey is no longer InProgress but ${status} (v1 listed no task)`
        : (interaction.interaction?.collects ?? []).length === 0
          ? 'no interaction waits for data: the current interaction collects nothing (v1 listed no task)'
          : 'no interaction waits for data: the current interaction has no interactionId (v1 listed no task)',
  );
}

/**
 * The id `pendingInteractionId` answered, where v1 code read the first task's id (`tasks[0].taskId`, `task.taskId`)
 * through a name that now holds that id, as there being a task: that read threw a TypeError on an empty task list, so
 * this throws one on `undefined` instead of carrying it on into a submit. The name no longer holds the interaction to
 * say why there is none; `interactionIdToSubmit(interaction)` does where the code still has it.
 */
export function requiredInteractionId(id: string | undefined): string {
  if (id !== undefined) return id;
  throw new TypeError('no interaction waits for data: the modules are still running or the journey has ended (v1 listed no task)');
}

/**
 * The steps of a state that ran a module, wherever the tenant puts them (`context.process.steps`, or `steps`):
 * what a v1 flow listed as its entries, the decision left out (v2 keeps it in the result).
 */
export function moduleSteps(state: V2State): V2ModuleStep[] {
  const steps = state.context?.process?.steps ?? state.steps ?? [];
  return steps.filter((step): step is V2ModuleStep => step.result !== null && step.result !== undefined);
}

const CLASSIFIED: Readonly<Record<string, Decision>> = { positive: 'Accept', negative: 'Reject', neutral: 'Manual review' };

/** A decision's name in an `advice.decision` or an outcome (`Decision: Refer`, `Accept`); `undefined` when it names none. */
function nameIn(worded: unknown): string | undefined {
  if (typeof worded !== 'string') return undefined;
  const name = worded.replace(/^Decision:\s*/, '').trim();
  return name === '' ? undefined : name;
}

/**
 * The decision an outcome names, else the one its classification stands for. An outcome that names another decision
 * (an operator's `Refer`) is that decision: its classification only says how it leans.
 */
function named(outcome: string | undefined, classification: string | undefined): string | undefined {
  return nameIn(outcome) ?? (classification === undefined ? undefined : CLASSIFIED[classification.toLowerCase()]);
}

/**
 * The overall decision of a state, wherever the tenant puts it: `result.advice.decision`, else the result's
 * `outcome` or `outcomeClassification`, else the decision step among the steps. `undefined` until decided. One of
 * v2's three, or a decision of the tenant's or an operator's own (an override to `Refer`), never read as one of
 * the three: code that handles only those meets one it does not know, as its v1 version did.
 */
export function decisionOf(state: V2State): Decision | (string & {}) | undefined {
  const result = state.context?.result ?? state.result;
  const fromResult = nameIn(result?.advice?.decision) ?? named(result?.outcome, result?.outcomeClassification);
  if (fromResult) return fromResult;
  const steps = state.context?.process?.steps ?? state.steps ?? [];
  for (let index = steps.length - 1; index >= 0; index--) {
    const step = steps[index];
    if (step && (step.result === null || /^Decision:/.test(step.outcome ?? ''))) return named(step.outcome, step.outcomeClassification);
  }
  return undefined;
}

/**
 * The decision of a state, where v1 code read it as there being one (`flow.decision.result.outcome`, no `?.`): that
 * read threw a TypeError while the journey was undecided, so this throws one where `decisionOf` answers `undefined`.
 */
export function requiredDecisionOf(state: V2State): Decision | (string & {}) {
  const decision = decisionOf(state);
  if (decision !== undefined) return decision;
  // The status only: the state's results stay out of messages that end up in logs.
  throw new TypeError(`the journey has no decision yet (status ${state.status}; v1's flow had no decision entry)`);
}

/** How long a wait lasts in all, and the longest pause between two fetches. */
export interface WaitOptions {
  /** @default 300000 (five minutes) */
  timeoutMs?: number;
  /** @default 10000 (the specification's base polling interval) */
  maxIntervalMs?: number;
}

const resultOf = (state: V2State): V2Result | undefined => state.context?.result ?? state.result;

/** A journey has run once it left InProgress, or once its result is decided (a manual review can come earlier). */
const hasRun = (state: V2State): boolean => {
  const status = resultOf(state)?.status;
  return state.status !== 'InProgress' || (status !== undefined && status !== 'pending');
};

/** Fetches with `fetch` until `done`, first after 50 ms, then at twice the pause each time up to `maxIntervalMs`. */
async function poll<T>(
  instanceId: string,
  fetch: (instanceId: string) => PromiseLike<unknown>,
  done: (answer: T) => boolean,
  options: WaitOptions,
): Promise<T> {
  const timeoutMs = options.timeoutMs ?? 300_000;
  const deadline = Date.now() + timeoutMs;
  for (let pause = 50; ; pause = Math.min(pause * 2, options.maxIntervalMs ?? 10_000)) {
    await new Promise<void>((resolve) => {
      setTimeout(resolve, pause);
    });
    const answer = (await fetch(instanceId)) as T;
    if (done(answer)) return answer;
    if (Date.now() + pause > deadline) throw new Error(`journey ${instanceId} has not run within ${timeoutMs} ms`);
  }
}

/**
 * What a synchronous v1 start answered after, when the code reads that answer as the journey's state: awaits
 * the start, then fetches the state with `fetchState` until the journey has run, and resolves with that state.
 */
export async function waitForResult(
  started: PromiseLike<unknown> | { instanceId: string },
  fetchState: (instanceId: string) => PromiseLike<unknown>,
  options: WaitOptions = {},
): Promise<V2State> {
  const { instanceId } = (await started) as { instanceId: string };
  return poll<V2State>(instanceId, fetchState, hasRun, options);
}

/**
 * When a synchronous v1 start answered: once the journey had run as far as it could, ending or waiting for
 * input. Awaits the start, then fetches the interaction with `fetchInteraction` until one waits for input or
 * the journey has left InProgress (while modules run there is none), and resolves with the start's answer.
 */
export async function waitUntilRun<T>(
  started: PromiseLike<T> | T,
  fetchInteraction: (instanceId: string) => PromiseLike<unknown>,
  options: WaitOptions = {},
): Promise<T> {
  const answer = await started;
  const { instanceId } = answer as unknown as { instanceId: string };
  await poll<V2Interaction>(
    instanceId,
    fetchInteraction,
    (interaction) => interaction.interactionId !== undefined || (interaction.journey?.status ?? 'InProgress') !== 'InProgress',
    options,
  );
  return answer;
}
