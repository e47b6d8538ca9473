import { JourneyApiError, type V1Api } from '@journey-bridge/client';
import {
  isTerminalStatus,
  mergeSubject,
  type Subject,
  type V1StartRequest,
  type V1State,
  type V1TaskList,
  type V1TaskListWithSchema,
} from '@journey-bridge/contract';
import { ShadowDataLostError } from './errors/shadow-data-lost-error.js';
import { ShadowThreadError } from './errors/shadow-thread-error.js';
import { ShadowTimeoutError } from './errors/shadow-timeout-error.js';
import { SavedAdditions, type SaveThenAddition } from './saved-additions.js';
import { SavedCorrections } from './saved-corrections.js';
import { collectsOf } from './schema-elements.js';
import { StepAlignment, type StepsMisfit } from './step-alignment.js';
import type { PairingStore, Side } from './types.js';

/** How one side of a mirrored journey ended: a state (terminal, or where it got stuck), or a failure. */
export type SideEnd =
  | { readonly state: V1State; readonly latencyMs: number | undefined }
  | { readonly failed: 'error' | 'timeout'; readonly error: string };

/** One mirrored journey, as the cutover hands it to `mirrorJourney`. */
export interface MirrorJob {
  readonly primary: Side;
  readonly primaryInstanceId: string;
  /** The caller's start: its prefill and config start the shadow. Never logged. */
  readonly start: V1StartRequest;
  /** The resourceId the shadow side is started with. */
  readonly shadowResourceId: string;
  /** `performance.now()` when the primary was started. */
  readonly startedAt: number;
}

/** What `mirrorJourney` needs from the cutover. */
export interface MirrorContext {
  /** Each side's API, bound to the shadow's context (the caller's token, the job's abort signal). */
  readonly apis: Readonly<Record<Side, V1Api>>;
  readonly store: PairingStore;
  readonly timeoutMs: number;
  readonly pollIntervalMs: number;
  /** Aborts the job: the cutover is closing. */
  readonly signal: AbortSignal;
  /** Runs one call of a side, timing and counting it. */
  observe<T>(side: Side, operation: keyof V1Api, call: () => Promise<T>): Promise<T>;
  /**
   * Held submissions could not be taken, or one could not be opened: the job goes on with what it has (an entry
   * that does not open ends the shadow as an error).
   */
  onStoreFailure(error: unknown): void;
  /**
   * The primary's state as its caller last fetched it through this replica, and when (`performance.now()`): while
   * the caller polls, the mirror waits for its answers instead of reading the primary too.
   */
  readonly seenPrimary?: () => { readonly state: V1State; readonly at: number } | undefined;
  /** A hold of a submission for this journey still under way on this replica (tried again meanwhile), if any. */
  readonly pendingHold?: () => Promise<void> | undefined;
}

/** Both ends of a mirrored journey, by side, and the instance ids (the shadow's is `undefined` if it never started). */
export interface MirrorEnds {
  readonly ends: Readonly<Record<Side, SideEnd>>;
  readonly instances: Readonly<Record<Side, string | undefined>>;
  /**
   * A submission of the primary's caller failed with its outcome unknown, and nothing later settled whether the
   * primary took it: the shadow may have been given data the primary never took, so a difference says nothing.
   */
  readonly uncertainInput: boolean;
  /** Elements the caller changed after a `Save` carried them whole, which v2 refuses: sorted, none for most journeys. */
  readonly changedAfterSave: readonly string[];
  /**
   * Elements (or subject paths outside every element) a `Complete` added after the `Save`s of its task had carried
   * all the shadow's interaction requires, which v2 refuses: sorted, none for most journeys.
   */
  readonly addedAfterSave: readonly string[];
  /**
   * How the caller's tasks do not fit the shadow's steps as live would give them (see `StepAlignment`), if they do not:
   * a step refused the `Complete` live would send it or asked for more than the caller completed, or live's steps go
   * without elements v1's journey held.
   */
  readonly stepsMisfit: StepsMisfit | undefined;
  /**
   * The rules above the mirror could not check (`added-after-save`, `task-steps`): their `Validate` met a step that
   * needs an element nobody described to the shadow's adapter, which only a submit can check; or, for `task-steps`,
   * what live's steps would go without could not be weighed (v1's end state says nothing of what its journey held,
   * or a step's schema was not listed). Sorted, none for most journeys; a pair whose ends agree is then a match only
   * as far as those rules go.
   */
  readonly unchecked: readonly string[];
  /**
   * The status v2, the shadow, refused the caller's start with, if it did, though v1 took it: a 4xx about what was
   * sent but 404 and 410 (v2 validates a prefill v1 took for `api` delivery). A difference, not v2's failure.
   */
  readonly startRefused: number | undefined;
}

const other = (side: Side): Side => (side === 'v1' ? 'v2' : 'v1');

/** From the journey's start to its end, by the platform's own timestamps; `undefined` when a state does not carry both. */
function latencyOf(state: V1State): number | undefined {
  const span = Date.parse(state.metaData?.completedTime ?? '') - Date.parse(state.metaData?.createdTime ?? '');
  return Number.isFinite(span) && span >= 0 ? span : undefined;
}

/**
 * 4xx answers that say nothing of what was sent: the caller's token refused (401, 403), the call throttled or
 * timed out (429, 408). The shadow's end after one of them is unknown, never a difference.
 */
const NOT_ABOUT_THE_DATA = new Set([401, 403, 407, 408, 429]);

/** The service refused what was sent (data missing for the task, a task that moved on): wait for more, not a failure. */
const refused = (error: unknown): error is JourneyApiError =>
  error instanceof JourneyApiError &&
  error.status !== undefined &&
  error.status >= 400 &&
  error.status < 500 &&
  !NOT_ABOUT_THE_DATA.has(error.status);

/** No answer for a refusal (the task moved on since), the failure thrown otherwise. */
const keptUnlessRefused = (error: unknown): undefined => {
  if (refused(error)) return undefined;
  throw error;
};

/**
 * Consecutive turns a shadow call may fail for a reason that passes (5xx, 429, a lost connection, a call's own
 * timeout) before the shadow ends as `error`: a burst on the platform is waited out, an outage is not.
 */
const TRANSIENT_FAILURES = 5;

/** A failure worth another look at the next turn: anything but a refusal, the deadline or a broken thread. */
const transient = (error: unknown): boolean => {
  if (error instanceof ShadowTimeoutError || error instanceof ShadowThreadError) return false;
  if (error instanceof JourneyApiError && error.status !== undefined && error.status < 500)
    return error.status === 429 || error.status === 408;
  return true;
};

const failure = (error: unknown): SideEnd =>
  error instanceof ShadowTimeoutError
    ? { failed: 'timeout', error: error.name }
    : { failed: 'error', error: error instanceof Error ? error.name : 'Error' };

/**
 * Runs the other side of one journey beside its primary until both are terminal or the shadow timeout passes:
 * starts the shadow with the caller's prefill, feeds it the primary's held submissions as its own tasks ask for
 * them (the two publications need not collect in the same steps), and polls the primary's state once the shadow
 * has ended or waits for data (so a mirrored journey adds no reads to the primary while the shadow runs), less and
 * less often, and not while the primary's caller polls it through this replica: its end is then the caller's. A
 * shadow still waiting once the primary has ended and nothing more is held ends where it is: that difference is
 * real, unless the store failed during the journey (a submission may have been lost with it: the shadow's end is
 * then unknown, an error). That end is drawn only once no hold for the journey is under way on this replica, and
 * from a last take at least two poll intervals after the first that found nothing more, which finds a hold another
 * replica made again after a failure. A held entry that cannot be opened ends the shadow as an error at once.
 * Latencies are the platform's own (`metaData`), else as observed. Answers both ends; nothing here throws.
 */
export async function mirrorJourney(job: MirrorJob, context: MirrorContext): Promise<MirrorEnds> {
  const { apis, store, timeoutMs, pollIntervalMs, signal, observe } = context;
  const shadow = other(job.primary);
  const deadline = job.startedAt + timeoutMs;

  /** `call`, unless the deadline passes or the cutover closes first. */
  const within = <T>(call: () => Promise<T>): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      const timeout = () => reject(new ShadowTimeoutError(`the shadow timeout of ${timeoutMs} ms passed`));
      const remaining = deadline - performance.now();
      if (remaining <= 0 || signal.aborted) return timeout();
      const timer = setTimeout(timeout, remaining);
      signal.addEventListener('abort', timeout, { once: true });
      call()
        .then(resolve, reject)
        .finally(() => {
          clearTimeout(timer);
          signal.removeEventListener('abort', timeout);
        });
    });
  const pause = () => within(() => new Promise<void>((resolve) => setTimeout(resolve, pollIntervalMs)));

  let shadowId: string | undefined;
  let shadowEnd: SideEnd | undefined;
  let primaryEnd: SideEnd | undefined;
  let startRefused: number | undefined;
  try {
    const { context: given } = job.start;
    const config = { ...given.config, async: true };
    const started = await within(() =>
      observe(shadow, 'startJourney', () => apis[shadow].startJourney({ resourceId: job.shadowResourceId, context: { ...given, config } })),
    );
    shadowId = started.instanceId;
  } catch (error) {
    shadowEnd = failure(error);
    // Only v2's refusal is a difference: v1 refusing a start v2 took in live would roll callers back onto v1's
    // refusals. A 404 or 410 is a journey the side does not have, which is the configuration's, not a difference.
    if (shadow === 'v2' && refused(error) && error.status !== 404 && error.status !== 410) startRefused = error.status;
  }

  /**
   * What the shadow may be given as of each Complete of the primary's caller taken: the prefill and every
   * submission up to that Complete, the drafts Saved before it beneath it.
   */
  const asOfComplete: Subject[] = [];
  /** Saved since the last Complete: v1 keeps a Save as a draft, given (and corrected) by the next Complete. */
  let drafts: Subject = {};
  /**
   * The last of `asOfComplete` when a Complete of unknown outcome made it, with its task and what it was merged onto.
   * With v1 the primary, the caller's next Complete taken settles it: of the same task, it was not taken (and the
   * new one takes its place while the shadow has not been given it); of another, it was.
   */
  let unsettled: { readonly taskId: string | undefined; readonly base: Subject } | undefined;
  const corrections = new SavedCorrections();
  /** Only with v2 the shadow: as the primary, the adapter refuses such a Complete itself, and the caller sees it. */
  const additions = job.primary === 'v1' ? new SavedAdditions() : undefined;
  /** Only with v2 the shadow, as `additions`. */
  const steps = job.primary === 'v1' ? new StepAlignment((job.start.context.subject ?? {}) as Subject) : undefined;
  /** Rules a `Validate` could not answer for (see `MirrorEnds.unchecked`). */
  const unchecked = new Set<string>();
  /** Saves of unknown outcome taken: a Save leaves its task open, taken or not, so nothing later settles one. */
  let uncertainSaves = 0;
  /** Completes of unknown outcome taken and not settled since. */
  let unsettledCompletes = 0;
  /**
   * How many of `asOfComplete` the shadow has been given: a task it moves on to gets the one the task before it
   * took, and the next only while it stays listed, so that a shadow behind its primary gives each task the earliest
   * data that satisfies it, never what later tasks' Saves and Completes carried at once (v1 gave an earlier task
   * none of it), whichever of the two publications collects in more steps.
   */
  let given = 0;
  /** The task last submitted to. */
  let tried: string | undefined;
  /**
   * The submission `asOfComplete[given - 1]` a task is given next, if any: a task still listed after its last one
   * (refused for missing data, or kept open) gets the next only once one more is held.
   */
  const nextFor = (taskId: string): number | undefined => {
    if (tried !== taskId) return Math.max(given, 1);
    return given < asOfComplete.length ? given + 1 : undefined;
  };
  /** How many submissions were held when the shadow was last found waiting: until more arrive, it waits still. */
  let parkedAt: number | undefined;
  /**
   * How many were held when the shadow's next step was found to get, in live, a `Complete` the caller has not sent
   * (see `StepAlignment`): until more arrive or the primary ends, it waits for it.
   */
  let awaitingAt: number | undefined;
  /**
   * The task the shadow's last submit was taken by, and when: v2 may keep it listed a while after (deciding from the
   * front whether a document needs its back), which is not waiting for data, for up to `settleMs`.
   */
  let lastTaken: { readonly taskId: string; readonly at: number } | undefined;
  const settleMs = 10 * pollIntervalMs;
  /** Once the shadow waits or has ended, the primary is polled less and less often (a person may take minutes); reset by news. */
  let primaryGapMs = pollIntervalMs;
  let nextPrimaryPoll = 0;
  /** Shadow turns failed in a row for a reason that passes. */
  let transientFailures = 0;
  /** Whether a take failed during the journey: what the shadow waits for may have been held and lost meanwhile. */
  let storeFailed = false;
  /**
   * When the shadow, waiting with its primary ended and nothing more held, may be concluded to stay where it is: a
   * hold that failed is made again a poll interval later (then less and less often), by whichever replica served it.
   */
  let lastLookAt: number | undefined;
  const elapsed = () => performance.now() - job.startedAt;
  /** The primary's end as its caller fetched it through this replica, if it has ended. */
  const seenEnd = (): SideEnd | undefined => {
    const seen = context.seenPrimary?.();
    return seen && isTerminalStatus(seen.state.status) ? { state: seen.state, latencyMs: latencyOf(seen.state) ?? elapsed() } : undefined;
  };

  /**
   * Whether this take, empty with the primary ended, is the last: none is under way on this replica, and the first
   * such take was at least two poll intervals ago (more than a failed hold waits before it is made again).
   */
  function finalLook(): boolean {
    if (context.pendingHold?.() !== undefined) return false;
    lastLookAt ??= performance.now() + 2 * pollIntervalMs;
    return performance.now() >= lastLookAt;
  }

  /**
   * Whether `subject` is valid alone for the shadow's task, asked with a Validate that submits nothing and is not
   * one of the shadow's calls in the metrics: `false` for a 400 about the data (missing or invalid), `undefined` for
   * any other refusal, which says nothing of it (an element nobody described, which only a submit can check).
   */
  async function validates(instanceId: string, taskId: string, subject: Subject): Promise<boolean | undefined> {
    const request = { intent: 'Validate', instanceId, taskId, context: { subject } } as const;
    return within(() => apis[shadow].updateTask(request)).then(
      (answer) => 'valid' in answer && answer.valid === true,
      (error: unknown) => {
        if (!refused(error)) throw error;
        const { status, cause } = error as JourneyApiError;
        return status === 400 && !(cause instanceof Error && cause.name === 'UndescribedElementError') ? false : undefined;
      },
    );
  }

  /**
   * Which of the Saves before completed submission `index`, after which data was added (see `SavedAdditions`), was
   * the first valid alone for the shadow's task, earliest first (see `validates`). A Validate that fails otherwise
   * fails this turn, as the Complete would. The first valid one's task schema then says which of the added elements
   * the task collects; a schema refused leaves them all.
   */
  async function checkAddition(instanceId: string, taskId: string, index: number): Promise<void> {
    const candidates = additions?.uncheckedAt(index);
    if (!additions || !candidates) return;
    let completing: SaveThenAddition | undefined;
    for (const candidate of candidates) {
      const valid = await validates(instanceId, taskId, candidate.saves);
      // Unknown: these Saves may have completed the task, and what came after them been refused.
      if (valid === undefined) unchecked.add('added-after-save');
      if (valid !== true) continue;
      completing = candidate;
      break;
    }
    // Live refuses only what the task takes: an element its step does not collect any submit would have dropped.
    const schema = completing && (await within(() => apis[shadow].getTaskSchema({ taskId })).catch(keptUnlessRefused));
    additions.checked(index, completing, schema);
    if (additions.unknown) unchecked.add('added-after-save');
  }

  /**
   * One look at the shadow: takes what the primary's caller submitted since, gives it to the shadow's task, or
   * notes its end. Resolves `true` when the shadow waits for data no held submission has given it yet.
   */
  async function shadowTurn(instanceId: string, primaryEnded: boolean): Promise<boolean> {
    const heldBefore = asOfComplete.length;
    let unopened: Error | undefined;
    try {
      for (const taken of await store.take(job.primaryInstanceId)) {
        if ('unopened' in taken) {
          unopened ??= taken.unopened;
        } else if (taken.draft) {
          corrections.take(taken.subject as Subject, true, taken.taskId);
          additions?.saved(taken.subject as Subject, taken.taskId);
          if (taken.uncertain) uncertainSaves += 1;
          drafts = mergeSubject(drafts, taken.subject as Subject);
        } else {
          corrections.take(taken.subject as Subject, false, taken.taskId);
          // A taken Complete closes its v1 task, so the caller's next Complete settles one of unknown outcome before it.
          // Not on v2, whose interaction may stay open after a taken submit (a partial one, a document's back asked later).
          const settling = job.primary === 'v1' && !taken.uncertain && taken.taskId !== undefined ? unsettled : undefined;
          if (settling !== undefined && settling.taskId === taken.taskId && given < asOfComplete.length) {
            // The same task again: the first was not taken, and this one takes its place.
            const base = mergeSubject(settling.base, drafts);
            asOfComplete[asOfComplete.length - 1] = mergeSubject(base, taken.subject as Subject);
            additions?.completed(asOfComplete.length - 1, undefined, taken.subject as Subject, taken.taskId);
            steps?.completed(asOfComplete.length - 1, mergeSubject(drafts, taken.subject as Subject));
            unsettled = undefined;
            unsettledCompletes -= 1;
            drafts = {};
            continue;
          }
          // Another task: the first was taken.
          if (settling && settling.taskId !== taken.taskId) unsettledCompletes -= 1;
          const before = asOfComplete.at(-1) ?? ((job.start.context.subject ?? {}) as Subject);
          const base = mergeSubject(before, drafts);
          asOfComplete.push(mergeSubject(base, taken.subject as Subject));
          additions?.completed(asOfComplete.length - 1, before, taken.subject as Subject, taken.taskId);
          steps?.completed(asOfComplete.length - 1, mergeSubject(drafts, taken.subject as Subject));
          unsettled = taken.uncertain ? { taskId: taken.taskId, base } : undefined;
          if (taken.uncertain) unsettledCompletes += 1;
          drafts = {};
        }
      }
    } catch (error) {
      storeFailed = true;
      context.onStoreFailure(error);
    }
    if (unopened) {
      // The primary's caller gave data the shadow cannot be given: whatever the shadow did next would say nothing.
      context.onStoreFailure(unopened);
      shadowEnd = failure(unopened);
      return false;
    }
    /** Completed submissions taken. */
    const held = asOfComplete.length;
    if (held !== heldBefore) {
      primaryGapMs = pollIntervalMs;
      lastLookAt = undefined;
    }
    if (awaitingAt === held && !primaryEnded) return true;
    const fetchState = () => within(() => observe(shadow, 'fetchState', () => apis[shadow].fetchState({ instanceId })));
    // With v1 the primary, each task's schema says what its step collects (the same v2 call as the bare list).
    let withSchemas: V1TaskListWithSchema | undefined;
    const listTasks = async (): Promise<V1TaskList> => {
      if (!steps) return observe(shadow, 'listTasks', () => apis[shadow].listTasks({ instanceId }));
      withSchemas = await observe(shadow, 'listTasksWithSchema', () => apis[shadow].listTasksWithSchema({ instanceId }));
      return withSchemas;
    };
    // Parked with nothing new: its task is the one it was waiting at, no need to ask again.
    const tasks = parkedAt === held ? undefined : await within(listTasks);
    const task = tasks?.tasks[0];
    // Nothing held, nothing to give: the primary's caller has not submitted yet (a prefill alone opens no task).
    const next = task && held > 0 ? nextFor(task.taskId) : undefined;
    if (tasks && isTerminalStatus(tasks.status)) {
      const state = await fetchState();
      shadowEnd = { state, latencyMs: latencyOf(state) ?? elapsed() };
    } else if (task && next !== undefined && !primaryEnded && steps?.awaitsComplete()) {
      // Live gives this step the caller's next Complete, not sent yet: checked against it once it comes (or the
      // primary ends without it, and the count says the caller sent too few).
      awaitingAt = held;
      return true;
    } else if (task && next !== undefined) {
      const previous = { tried, given };
      tried = task.taskId;
      given = next;
      try {
        const subject = asOfComplete[given - 1] as Subject; // 1 ≤ given ≤ held
        await checkAddition(instanceId, task.taskId, given - 1);
        const liveSends = steps?.dueCheck(given - 1);
        const liveFits = liveSends ? await validates(instanceId, task.taskId, liveSends) : true;
        if (liveFits === undefined) unchecked.add('task-steps');
        const request = { intent: 'Complete', instanceId, taskId: task.taskId, context: { subject } } as const;
        // Taken: its modules run now, so the next look waits a poll interval like any other.
        await within(() => observe(shadow, 'updateTask', () => apis[shadow].updateTask(request)));
        steps?.taken(subject, withSchemas && collectsOf(withSchemas, task.taskId), liveFits);
        lastTaken = { taskId: task.taskId, at: performance.now() };
      } catch (error) {
        // Not refused: it may not have been taken, so the next turn may send it again.
        if (!refused(error)) {
          ({ tried, given } = previous);
          throw error;
        }
        // Refused with more held than given: the next turn gives more at once.
        if (given === held) parkedAt = held;
      }
    } else if (task && task.taskId === lastTaken?.taskId && performance.now() - lastTaken.at < settleMs) {
      // Listed still though it took its data: looked at again (not parked), and not yet taken to wait for more.
      return true;
    } else if ((task || parkedAt === held) && primaryEnded && !finalLook()) {
      // Not yet the last take: a hold under way here is waited for, one made again elsewhere is given time.
      const pending = context.pendingHold?.();
      if (pending) await within(() => pending);
      parkedAt = held;
      return true;
    } else if ((task || parkedAt === held) && primaryEnded) {
      // The primary is over and nothing more was held: the shadow stays where it is, and that differs. Unless the
      // store failed meanwhile: what it waits for may have been held and lost, and the difference says nothing.
      shadowEnd = storeFailed
        ? failure(new ShadowDataLostError('the shadow waits for data, and the store failed during the journey'))
        : { state: await fetchState(), latencyMs: undefined };
    } else if (task || parkedAt === held) {
      parkedAt = held;
      return true;
    }
    return false;
  }

  while (primaryEnd === undefined || shadowEnd === undefined) {
    let moved = false;
    /** The shadow asks for data no held submission has given it yet. */
    let waiting = false;
    // Only once the primary has ended before this turn's take is an empty take final.
    const primaryEnded = primaryEnd !== undefined;
    try {
      if (shadowEnd === undefined && shadowId !== undefined) {
        try {
          waiting = await shadowTurn(shadowId, primaryEnded);
          transientFailures = 0;
        } catch (error) {
          transientFailures += 1;
          if (!transient(error) || transientFailures >= TRANSIENT_FAILURES) throw error;
        }
      }
      // The primary is polled only once the shadow no longer moves by itself (before, its end decides nothing), and
      // not while its caller polls it: the caller's answers say the same.
      const due = (shadowEnd !== undefined || waiting) && performance.now() >= nextPrimaryPoll;
      const seen = primaryEnd === undefined ? context.seenPrimary?.() : undefined;
      const callerPolling = seen !== undefined && performance.now() - seen.at < primaryGapMs;
      if (seen && isTerminalStatus(seen.state.status)) {
        primaryEnd = { state: seen.state, latencyMs: latencyOf(seen.state) ?? elapsed() };
        // A waiting shadow takes once more at once: what the primary's last submission held.
        moved = waiting;
      } else if (primaryEnd === undefined && due && !callerPolling) {
        const instanceId = job.primaryInstanceId;
        try {
          const state = await within(() => observe(job.primary, 'fetchState', () => apis[job.primary].fetchState({ instanceId })));
          if (isTerminalStatus(state.status)) {
            primaryEnd = { state, latencyMs: latencyOf(state) ?? elapsed() };
            // A waiting shadow takes once more at once: what the primary's last submission held.
            moved = waiting;
          } else {
            nextPrimaryPoll = performance.now() + primaryGapMs;
            primaryGapMs = Math.min(primaryGapMs * 2, 16 * pollIntervalMs);
          }
        } catch (error) {
          // A failed poll is not the primary's end (its caller saw its own answers); only the deadline is, or a
          // shadow thread that can make no more calls.
          if (error instanceof ShadowTimeoutError || error instanceof ShadowThreadError) throw error;
        }
      }
      if (!moved && (primaryEnd === undefined || shadowEnd === undefined)) await pause();
    } catch (error) {
      // The shadow failed, the deadline passed or the thread broke: whatever has not ended, ends so. A primary
      // its caller saw end (while a slow shadow call held this loop) has ended, whatever became of the shadow.
      const end = failure(error);
      if (error instanceof ShadowTimeoutError || error instanceof ShadowThreadError) primaryEnd ??= seenEnd() ?? end;
      shadowEnd ??= end;
    }
  }
  const instances = { [job.primary]: job.primaryInstanceId, [shadow]: shadowId } as Record<Side, string | undefined>;
  const misfit = steps?.misfit('state' in primaryEnd ? primaryEnd.state : undefined);
  // Steps that may go without elements v1's state does not say it held: whether live differs is not known.
  if (misfit === 'unknown') unchecked.add('task-steps');
  return {
    ends: { [job.primary]: primaryEnd, [shadow]: shadowEnd } as Record<Side, SideEnd>,
    instances,
    uncertainInput: uncertainSaves + unsettledCompletes > 0,
    changedAfterSave: corrections.changed,
    addedAfterSave: additions?.added ?? [],
    stepsMisfit: misfit === 'unknown' ? undefined : misfit,
    unchecked: [...unchecked].sort(),
    startRefused,
  };
}
