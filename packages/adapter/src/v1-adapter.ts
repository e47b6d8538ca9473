import { isDeepStrictEqual } from 'node:util';
import {
  BadRequestError,
  type CallOptions,
  ConflictError,
  JourneyApiError,
  type JourneyClient,
  type Logger,
  type V1Api,
} from '@journey-bridge/client';
import {
  AddedAfterSaveError,
  addedAfterSave,
  backRequired,
  changedElements,
  changedUndescribed,
  collectedElements,
  type Delivery,
  decodeTaskId,
  type ElementCatalogue,
  type ElementDescriptionInput,
  ERROR_KINDS,
  fieldValue,
  filterFlow,
  IncompleteTaskError,
  type Interaction,
  isFilled,
  type JourneyMapEntryInput,
  MalformedTaskIdError,
  mergeSubject,
  ProvidedElementChangedError,
  planSubmit,
  resolveJourneyMap,
  StaleTaskError,
  type Subject,
  type SubmitPlan,
  type SubmitRequest,
  spelledStatus,
  strippedFields,
  TaskListRequest,
  TaskSchemaRequest,
  TaskUpdateRequest,
  type TaskVariantIds,
  TranslationError,
  taskJsonSchemaFor,
  toV1State,
  toV1TaskList,
  toV1TaskListWithSchema,
  toV2StartRequest,
  UndescribedElementError,
  UnheldDataError,
  UntakenElementError,
  undescribedPaths,
  unheldElements,
  unheldUndescribed,
  V1Dialect,
  type V1DialectInput,
  type V1JourneyStatus,
  V1StartRequest,
  type V1StartResponse,
  V1StateRequest,
  type V1TaskSchema,
} from '@journey-bridge/contract';
import type { z } from 'zod';
import type { CallContext } from './call-context.js';
import { CompletedBySave, tokenFingerprint } from './completed-by-save.js';
import { catalogueOf } from './described-elements.js';
import { withEarlyDocumentBack } from './early-document-back.js';
import { AdapterOptionsError } from './errors/adapter-options-error.js';
import { SaveStoreError } from './errors/save-store-error.js';
import { unknownToV2 } from './http/unknown-to-v2.js';
import { stoppedWaiting } from './http/upstream-failure.js';
import { oneUpdateAtATime, TASK_WAIT } from './one-update-at-a-time.js';
import { SaveDrafts } from './save-drafts.js';
import { createMemorySaveStore, type SaveStore } from './save-store.js';
import { asV1Error } from './v1-errors.js';

/** Options of `createV1Adapter`. */
export interface V1AdapterOptions {
  /** The v2 client every call goes through (its tokens, retries and logging apply). */
  client: JourneyClient;
  /**
   * v1 resourceIds → the separately published v2 ones. An entry is the v2 resourceId alone (answered in
   * `dialect`), or `{ v2, dialect }` with the dialect that v1 journey answered in. Keys are exact ids (`a1@3`) or
   * bare ids (`a1`, carrying `@latest` over). Unmapped ids are refused.
   */
  journeyMap: Readonly<Record<string, JourneyMapEntryInput>>;
  /** The dialect of plain string entries. @default the specification's (`data.process.flow`, `Decision: Pass` …) */
  dialect?: V1DialectInput;
  /** `context.config.delivery` for starts that name none. @default 'api' */
  delivery?: Delivery;
  /**
   * How long a synchronous v1 start (no `async: true`) waits for the journey to end or need input before it
   * answers with the state as it is. @default 30000
   */
  syncStartTimeoutMs?: number;
  /** Poll interval while a synchronous start waits. @default 1000 */
  syncStartIntervalMs?: number;
  /** Clock of `syncStartTimeoutMs`, epoch ms; give the client's. @default Date.now */
  now?: () => number;
  /**
   * Domain elements beyond the specification's six that the v2 journeys collect (`Consent`, `MobilePhone`, …; the
   * vendor does not publish the full list), by name: each field's subject path, format and whether the element
   * needs it, as the simulator's journey files describe them. Described elements are planned, validated and shown
   * in task schemas like the six. One that is not described is still sent by `Complete` for v2 to check, but
   * `Validate` cannot answer `valid: true` for a task that needs it. Refused when made if a description is
   * invalid (`DescribedElementsError`). @default none
   */
  elements?: Readonly<Record<string, ElementDescriptionInput>>;
  /**
   * Receives one debug line per v1 request that carried fields the specification does not show (live v1
   * accepted them, so they are dropped, not refused): their names, never their values; and one per synchronous
   * start answered `InProgress` because its state could not be read: the instance and the failure's name.
   * @default none
   */
  logger?: Pick<Logger, 'debug'>;
  /**
   * Where what a `Save` left for its task's later updates is kept (v2 has no drafts): the part of an element it
   * could not submit, and the tasks it completed, for an hour. Give every process serving the same journeys one
   * shared store (`createRedisSaveStore` of `@journey-bridge/cutover`) when a load balancer may send a journey's
   * `Save` and `Complete` to different ones. @default this process's memory (`createMemorySaveStore`, with `now`)
   */
  saveStore?: SaveStore;
  /**
   * How long an update of a task waits for another update of the same task under way (a double click, a page saved
   * while the last one completes, through any process sharing `saveStore`) before it is refused with
   * `TaskBusyError`, nothing sent. Keep it under the time a caller or load balancer waits for an answer. @default 10000
   */
  updateWaitMs?: number;
}

/**
 * Parses a v1 request as v1 validated it: a bad one is a 400 in the v1 body, before any v2 call. Fields the
 * specification does not show are dropped and their names reported to `log`.
 */
function v1Request<T extends z.ZodType>(schema: T, value: unknown, log?: Pick<Logger, 'debug'>): z.output<T> {
  // The input is reported only to tell a missing field from a wrong one; it never reaches the message.
  const parsed = schema.safeParse(value, { reportInput: true });
  if (parsed.success) {
    const dropped = log ? strippedFields(value, parsed.data) : [];
    if (dropped.length > 0) log?.debug('v1 request fields not used on v2 were dropped', { fields: dropped });
    return parsed.data;
  }
  // Worded as v1 words it: a field the request lacks "is required", any other problem by the schema's message.
  const message = parsed.error.issues
    .map((issue) => {
      const path = issue.path.join('.') || '(body)';
      // A value left out is refused as of the wrong type, or as none of a set's values (an `intent`).
      const absent = (issue.code === 'invalid_type' || issue.code === 'invalid_value') && issue.input === undefined;
      return absent ? `${path} is required` : `${path}: ${issue.message}`;
    })
    .join('; ');
  throw new BadRequestError({
    status: 400,
    v1Error: { status: 400, message, error: 'bad-request-error' },
    body: { status: 400, message, error: 'bad-request-error' },
  });
}

/**
 * A 409 that may say an element was taken before. v2 has no code of its own for that (409 `4003 INVALID_FIELD` is
 * also invalid data), so only `4009 JOURNEY_NOT_ACTIVE` rules it out: what the journey holds decides the rest.
 */
const mayBeTakenBefore = (error: unknown): error is ConflictError =>
  error instanceof ConflictError && error.code !== ERROR_KINDS.JOURNEY_NOT_ACTIVE.code;

/** Whether `subject` carries part of an element the interaction collects but not all of it: a partial submit leaves it out. */
const carriesPartOfAnElement = (interaction: Interaction, subject: Subject, catalogue: ElementCatalogue): boolean =>
  collectedElements(interaction.interaction?.collects ?? []).some(
    ({ id }) => catalogue.get(id)?.pick(subject) !== undefined && !catalogue.isValid(subject, id),
  );

/** Whether a plan leaves out an undescribed element it still needs while its subject carries undescribed data (a partial Save does). */
const leavesUndescribedOut = (plan: SubmitPlan, catalogue: ElementCatalogue): boolean =>
  undescribedPaths(catalogue, plan.subject).length > 0 &&
  plan.undescribed.some(({ id }) => !plan.participants.some(({ domainElementId }) => domainElementId.split('/')[0] === id));

/** Call options for an upstream call made for `context`. */
const callOptionsFor = (context: CallContext | undefined): CallOptions => ({
  ...(context?.signal && { signal: context.signal }),
  ...(context?.requestId && { requestId: context.requestId }),
  ...(context?.token && { token: context.token }),
});

/** The v1 task API, plus the same API bound to the context of one served request. */
export interface V1Adapter extends V1Api {
  /**
   * The same operations with the caller's token, `X-Request-ID` and abort signal on every upstream call; the
   * upstream's last request id is written back to `context.upstreamRequestId`, and an answer's status as its
   * journey's dialect spells it to `context.statusSpelling` (for the wire; the answer keeps the v1 enumeration).
   */
  withContext(context: CallContext): V1Api;
}

/** What one call of an operation learned of the upstream: whether it answered, and the `X-Request-ID` of its last answer. */
interface UpstreamTrace {
  answered?: boolean;
  requestId?: string;
}

/**
 * Refuses a duration option that is not a finite number of ms at least 0 (NaN would make a wait endless), or above
 * 0 for an interval (0 would poll v2 without a pause).
 */
function durations(values: Readonly<Record<string, number>>, intervals: Readonly<Record<string, number>>): void {
  for (const [option, value] of Object.entries(values)) {
    if (!Number.isFinite(value) || value < 0) throw new AdapterOptionsError(`${option} must be a number of ms, 0 or more; got ${value}`);
  }
  for (const [option, value] of Object.entries(intervals)) {
    if (!Number.isFinite(value) || value <= 0) throw new AdapterOptionsError(`${option} must be a number of ms above 0; got ${value}`);
  }
}

/**
 * The v1 task API over v2 interactions: the same `V1Api` the v1 client implements, so code typed against it
 * runs unchanged on published v2 journeys. Every call carries what it needs (taskIds encode their instance and
 * interaction); the one thing kept between calls is what a Save left for its task's later updates, in `saveStore`:
 * any number of processes sharing one store can serve one journey. Each operation makes the
 * fewest v2 requests it can: one, or two for `updateTask` (the interaction, then the submit).
 */
export function createV1Adapter(options: V1AdapterOptions): V1Adapter {
  const { client, journeyMap, delivery = 'api', syncStartTimeoutMs = 30_000, syncStartIntervalMs = 1000, now = Date.now, logger } = options;
  const journeys = resolveJourneyMap(journeyMap, V1Dialect.parse(options.dialect ?? {}));
  const saveStore = options.saveStore ?? createMemorySaveStore({ now });
  const updateWait = { ...TASK_WAIT, maxMs: options.updateWaitMs ?? TASK_WAIT.maxMs };
  durations({ syncStartTimeoutMs, updateWaitMs: updateWait.maxMs }, { syncStartIntervalMs });
  const completedBySave = new CompletedBySave(saveStore);
  const saveDrafts = new SaveDrafts(saveStore);
  /**
   * Forgets what the store kept of a task's Saves once its own Complete is taken. A failure is left to the entries'
   * hour: the update was taken, and a draft of a task that moved on is never merged again (its taskId is stale).
   */
  const forget = async (taskId: string) => {
    await Promise.all([completedBySave.delete(taskId), saveDrafts.delete(taskId)]).catch(() => {});
  };
  const catalogue: ElementCatalogue = catalogueOf(options.elements ?? {});

  /** The operations for one call in one context (or none): every upstream call carries the context, `trace` notes it. */
  function operations(context: CallContext | undefined, trace: UpstreamTrace): V1Api {
    const call = callOptionsFor(context);
    /** Who this call is (a fingerprint of the caller's token); the adapter's own calls are nobody else. */
    const callerFingerprint = call.token === undefined ? undefined : tokenFingerprint(call.token);
    /** Notes the upstream answer's request id for the caller and for a refusal that follows; returns the answer. */
    const noted = <T extends { readonly requestId: string | undefined }>(answer: T): T => {
      // Once v2 has answered a call, a 404 later in it is about a journey v2 holds, never one still on v1.
      trace.answered = true;
      if (!answer.requestId) return answer;
      trace.requestId = answer.requestId;
      if (context) context.upstreamRequestId = answer.requestId;
      return answer;
    };
    /**
     * Runs the operation, turning every failure into what the v1 client would have raised (naming the request it
     * was decided on), and noting in the context whether it failed because v2 does not know the journey it names.
     */
    const asV1 = async <T>(operation: () => Promise<T>): Promise<T> => {
      try {
        return await operation();
      } catch (error) {
        const failure = asV1Error(error, trace.requestId);
        if (context && unknownToV2(error, trace.answered === true)) context.unknownToV2 = failure;
        throw failure;
      }
    };
    /** Reads the save store before anything of the call is sent: a failure says that nothing was. */
    const beforeSending = <T>(read: Promise<T>): Promise<T> =>
      read.catch((error: unknown) => {
        throw new SaveStoreError(false, error);
      });
    /** Notes for the wire how `dialect` spells `status`, the status of the answer (see `CallContext.statusSpelling`). */
    const spelled = (status: V1JourneyStatus, dialect: V1Dialect): void => {
      if (context) context.statusSpelling = spelledStatus(status, dialect);
    };

    /**
     * Notes for the wire how the instance's v1 journey spells a task list's status: an interaction names no journey,
     * so where the map's dialects spell it differently, the state says which journey it is (one more v2 request).
     */
    async function spelledForInstance(status: V1JourneyStatus, journeyOf: () => Promise<string | undefined>): Promise<void> {
      if (!context) return;
      const shared = journeys.sharedSpelling(status);
      if (shared !== undefined) context.statusSpelling = shared;
      else spelled(status, journeys.dialectOfV2(await journeyOf()));
    }

    /** The v2 journey an instance runs, read from its state at most once per call: an interaction names none. */
    const journeyOnce = (instanceId: string): (() => Promise<string | undefined>) => {
      let read: Promise<string | undefined> | undefined;
      return () => {
        read ??= client.fetchState({ instanceId }, call).then((state) => noted(state).context?.process?.journey?.id);
        return read;
      };
    };

    /**
     * A task list built with the flow keys of the instance's own journey: the map's shared ones, unless its dialects
     * name the task's resource id differently; then the journey is read, and its dialect decides.
     */
    async function withVariantIds<T>(build: (variantIdOf: TaskVariantIds) => T, journeyOf: () => Promise<string | undefined>): Promise<T> {
      let ambiguous = false;
      const shared = build((id) => {
        const variantId = journeys.sharedTaskVariantId(id);
        if (variantId === undefined) ambiguous = true;
        return variantId ?? id;
      });
      if (!ambiguous) return shared;
      const { flowKeys } = journeys.dialectOfV2(await journeyOf());
      return build((id) => flowKeys[id] ?? id);
    }

    /** The current interaction of the instance a taskId names, refusing a task whose interaction moved on. */
    async function activeInteraction(taskId: string, instanceId?: string) {
      let task: ReturnType<typeof decodeTaskId>;
      try {
        task = decodeTaskId(taskId);
      } catch (error) {
        // Not a task of a v2 journey: v2 is asked whether it holds the instance before the call may go to v1 (the
        // interceptor's `finishV1Journeys`), so that a v2 journey's submission never reaches v1.
        if (error instanceof MalformedTaskIdError && instanceId !== undefined) {
          noted(await client.fetchInteraction({ instanceId }, call));
          throw new MalformedTaskIdError(taskId, instanceId);
        }
        throw error;
      }
      if (instanceId !== undefined && task.instanceId !== instanceId) {
        throw new TranslationError(
          `task ${JSON.stringify(taskId)} was not found on instance ${JSON.stringify(instanceId)}`,
          404,
          'response.task-id',
        );
      }
      const interaction = noted(await client.fetchInteraction({ instanceId: task.instanceId }, call));
      const { interactionId } = interaction;
      if (!interactionId || !task.matches(interactionId) || interaction.processing) throw new StaleTaskError(taskId);
      return { interaction, interactionId };
    }

    /**
     * The interaction a task list shows: the active one, unless a Save completed the one before (as `saveStore` keeps)
     * and its Complete has not come. v1 kept that Save as a draft and went on listing its task, and code waits
     * for it to send the Complete (register: request.update-intent). v2 is asked either way: it checks the token.
     */
    async function listedInteraction(instanceId: string) {
      const active = noted(await client.fetchInteraction({ instanceId }, call));
      const saved = await beforeSending(completedBySave.pendingFor(instanceId));
      const stillActive =
        saved !== undefined && active.interactionId !== undefined && decodeTaskId(saved.taskId).matches(active.interactionId);
      if (saved === undefined || stillActive) return active;
      // Paused since the Save: listed as paused, as v1 listed a paused journey's task.
      return active.journey?.status === 'Paused' ? { ...saved.interaction, journey: active.journey } : saved.interaction;
    }

    /**
     * Whether the instance has left `interactionId` (another interaction, modules running, the journey over). A failed
     * read is thrown: after a refused submit it alone tells "taken by an earlier attempt" from "refused".
     */
    async function movedOn(instanceId: string, interactionId: string): Promise<boolean> {
      const now = noted(await client.fetchInteraction({ instanceId }, call));
      return now.interactionId !== interactionId || now.processing === true;
    }

    /**
     * Refuses a client that may not submit (401, 403) as v1 did, before an update the adapter answers without a
     * submit of its own (a Validate, a Save of part of an element kept as a draft, an update whose data the journey
     * holds) or refuses itself (data missing or invalid): else its draft would be merged into the task's next
     * Complete, whoever sends it. v2 is asked with a submit that names no participant and carries an empty subject,
     * which changes nothing; any other failure of it says nothing of the client, and the update goes on as it was.
     */
    async function refuseUnlessPermitted(instanceId: string, interactionId?: string): Promise<void> {
      try {
        const active = interactionId ?? noted(await client.fetchInteraction({ instanceId }, call)).interactionId;
        if (active !== undefined)
          noted(await client.submitInteraction({ instanceId, interactionId: active, context: { subject: {} } }, call));
      } catch (error) {
        if (error instanceof JourneyApiError && (error.status === 401 || error.status === 403)) throw error;
      }
    }

    async function v1State(instanceId: string, filterKeys?: readonly string[]) {
      const v2 = noted(await client.fetchState({ instanceId }, call));
      const dialect = journeys.dialectOfV2(v2.context?.process?.journey?.id);
      const state = toV1State(v2, { dialect });
      spelled(state.status, dialect);
      if (filterKeys && state.data.process) state.data.process.flow = filterFlow(state.data.process.flow, filterKeys);
      if (filterKeys && state.data.context?.process)
        state.data.context.process.flow = filterFlow(state.data.context.process.flow, filterKeys);
      return state;
    }

    /**
     * Refuses an update that carries another value for an element the journey holds among `ids`, or for a subject
     * path outside every known element where the journey holds a value (v2 keeps the first value it was given),
     * before anything is sent. `held` is the journey's subject before this update submitted anything.
     */
    async function refuseChanges(held: Promise<Subject>, subject: Subject, ids: readonly string[]): Promise<void> {
      const journeyHolds = await held;
      const changed = changedElements(catalogue, journeyHolds, subject, ids);
      const paths = changedUndescribed(catalogue, journeyHolds, subject);
      if (changed.length > 0 || paths.length > 0) throw new ProvidedElementChangedError(changed, paths);
    }

    /** The journey's subject as v2 holds it, read once however many checks of one update ask for it before it submits. */
    const heldOnce = (instanceId: string): (() => Promise<Subject>) => {
      let held: Promise<Subject> | undefined;
      return () => {
        held ??= client.fetchState({ instanceId }, call).then((state) => noted(state).context?.subject ?? {});
        return held;
      };
    };

    /**
     * Whether the journey holds some of `subject`'s data outside the known elements as given: the sign that
     * undescribed elements were taken with it, since v2 may drop the rest (an invalid optional one, data it keeps
     * nowhere) and nothing says which data is whose.
     */
    const holdsSomeUndescribed = (held: Subject, subject: Subject): boolean =>
      unheldUndescribed(catalogue, held, subject).length < undescribedPaths(catalogue, subject).length;

    /**
     * Whether `held` holds what `subject` gives `participant`: a described element whole with the same data, or a field
     * (`PrimaryDocument/side1Image`) with the same value. Of an undescribed element nothing can tell: never.
     */
    const holdsAsGiven = (held: Subject, subject: Subject, { domainElementId }: { domainElementId: string }): boolean => {
      const [id = '', field] = domainElementId.split('/');
      if (catalogue.get(id) === undefined) return false;
      if (field === undefined) return unheldElements(catalogue, held, subject, [id]).length === 0;
      const value = fieldValue(catalogue, held, id, field);
      return isFilled(value) && isDeepStrictEqual(value, fieldValue(catalogue, subject, id, field));
    };

    /**
     * After v2 answered that undescribed elements among `ids` were taken before: the update's data outside every
     * known element is used only if the journey holds it as given, since nothing says which of it was theirs.
     */
    async function confirmHeld(instanceId: string, subject: Subject, ids: readonly string[]): Promise<void> {
      if (ids.length === 0) return;
      const held = noted(await client.fetchState({ instanceId }, call)).context?.subject ?? {};
      const unheld = unheldUndescribed(catalogue, held, subject);
      if (unheld.length > 0) throw new UnheldDataError([...new Set(ids)], unheld);
    }

    /**
     * Submits. Where a tenant's `outstanding` never shrinks, elements taken before are sent again and the whole
     * submit is refused with a 409 whose code does not say why (`4003` is also invalid data): if the journey holds
     * none of the update's elements, the 409 refuses its data and is the answer. Else what the update carries for
     * them is compared with what the journey holds (another value refuses the update, nothing sent), and each
     * participant goes alone, optional elements first, since the interaction closes once every required one is in;
     * one refused with 409 counts as taken before only if the journey holds it (an undescribed one: holds the
     * update's data outside the known elements), else that refusal is the answer. Once the interaction has moved
     * on, the required elements left were held; an optional one left with data was not taken, which is never
     * answered as success.
     */
    async function submitTaking(request: SubmitRequest & { context: { subject: Subject } }, required: ReadonlySet<string>): Promise<void> {
      try {
        noted(await client.submitInteraction(request, call));
      } catch (error) {
        if (!mayBeTakenBefore(error)) throw error;
        const elementOf = (participant: { domainElementId: string }) => participant.domainElementId.split('/')[0] ?? '';
        const participants = request.participants ?? [];
        const { subject } = request.context;
        const ids = [...new Set(participants.map(elementOf))];
        // Refused whole, so nothing of this attempt was taken; an earlier one may have been (the client's replay after
        // a timeout), so the journey is read as it is now, not as it was before the update.
        const heldBefore = heldOnce(request.instanceId);
        await refuseChanges(heldBefore(), subject, ids);
        const undescribed = (id: string) => catalogue.get(id) === undefined;
        const carriesUndescribed = undescribedPaths(catalogue, subject).length > 0;
        /** The journey as read after this attempt last got a participant taken: what it took shows there. */
        let heldSinceTaken: (() => Promise<Subject>) | undefined;
        /**
         * Whether the journey holds `id` with the update's data, taken before this attempt. Of an undescribed element
         * nothing says which data is its own. An update that carries none outside the known elements has no data for
         * it (v2's 409 then says it holds the element, prefilled say: nothing to refuse, nothing lost); else some of
         * that data held as given is a sign, and `confirmHeld` asks for all of it before success is answered.
         */
        const heldAlready = async (id: string) => {
          if (!undescribed(id)) return holdsAsGiven(await heldBefore(), subject, { domainElementId: id });
          return !carriesUndescribed || holdsSomeUndescribed(await (heldSinceTaken ?? heldBefore)(), subject);
        };
        /**
         * Whether the journey holds a field participant (`PrimaryDocument/side1Image`) with the update's value: taken
         * before, though its element is not whole yet (a document whose back v2 asks for once it has read the front).
         */
        const fieldHeld = async (participant: { domainElementId: string }) =>
          participant.domainElementId.includes('/') && holdsAsGiven(await heldBefore(), subject, participant);
        const anyHeld = [...(await Promise.all(ids.map(heldAlready))), ...(await Promise.all(participants.map(fieldHeld)))];
        if (!anyHeld.includes(true)) throw error;
        // A lone participant was taken before, with this value if the journey is seen to hold it; of several, some may be new.
        if (participants.length < 2) return confirmHeld(request.instanceId, subject, participants.map(elementOf).filter(undescribed));
        const ordered = [...participants].sort((a, b) => Number(required.has(elementOf(a))) - Number(required.has(elementOf(b))));
        const takenBefore: string[] = [];
        // Elements a field of which this loop got taken: v2 took the element whole, so its other fields meet 409.
        const takenNow = new Set<string>();
        for (const [index, participant] of ordered.entries()) {
          try {
            noted(await client.submitInteraction({ ...request, participants: [participant] }, call));
            takenNow.add(elementOf(participant));
            heldSinceTaken = heldOnce(request.instanceId);
          } catch (alone) {
            const heldWhole = async () => takenNow.has(elementOf(participant)) || (await heldAlready(elementOf(participant)));
            if (mayBeTakenBefore(alone) && ((await heldWhole()) || (await fieldHeld(participant)))) {
              if (undescribed(elementOf(participant))) takenBefore.push(elementOf(participant));
              continue;
            }
            if (!(await movedOn(request.instanceId, request.interactionId))) throw alone;
            // An undescribed element cannot be looked into: its data counts as carried.
            const carries = (id: string) => catalogue.get(id)?.pick(subject) !== undefined || undescribed(id);
            const untaken = ordered
              .slice(index)
              .map(elementOf)
              .filter((id) => !required.has(id) && carries(id));
            if (untaken.length > 0) throw new UntakenElementError([...new Set(untaken)]);
            // The required ones left were held; of an undescribed one nothing says which data is its own, so
            // `confirmHeld` asks the journey for all the update carries outside the known elements.
            takenBefore.push(
              ...ordered
                .slice(index)
                .map(elementOf)
                .filter((id) => required.has(id) && undescribed(id)),
            );
            break;
          }
        }
        await confirmHeld(request.instanceId, subject, takenBefore);
      }
    }

    return {
      startJourney: (request) =>
        asV1(async (): Promise<V1StartResponse> => {
          const v1 = v1Request(V1StartRequest, request, logger);
          const startedAt = new Date(now()).toISOString();
          const { instanceId } = noted(await client.startJourney(toV2StartRequest(v1, journeys.v2Ids, delivery), call));
          const dialect = journeys.dialectOfV1(v1.resourceId);
          const { start } = dialect;
          if (start === 'async' || (start === 'as-requested' && v1.context.config?.async === true)) {
            spelled('InProgress', dialect);
            return { instanceId, status: 'InProgress' };
          }
          // v1 answered once the journey ended or needed input: poll v2 to the same point, within the timeout.
          // The journey exists from here on, so no failure may read as "not started": the caller would start again.
          try {
            await client.waitForInteraction(instanceId, { ...call, intervalMs: syncStartIntervalMs, deadline: now() + syncStartTimeoutMs });
          } catch (error) {
            // Past the deadline, a poll that failed, or a server that stopped waiting: the answer is the state as it is now.
            if (call.signal?.aborted && !stoppedWaiting(call.signal)) throw error;
          }
          try {
            return await v1State(instanceId);
          } catch (error) {
            if (call.signal?.aborted && !stoppedWaiting(call.signal)) throw error;
            // Unread (the caller's token expired meanwhile, the upstream failed, the server stopped waiting): still a whole v1 state, one
            // still in progress, which the caller's next state fetch corrects.
            logger?.debug('a synchronous start is answered InProgress: its state could not be read', {
              instanceId,
              failure: error instanceof Error ? error.name : typeof error,
            });
            spelled('InProgress', dialect);
            return toV1State({ instanceId, status: 'InProgress', context: { process: { journey: { startedAt } } } }, { dialect });
          }
        }),

      listTasks: (request) =>
        asV1(async () => {
          const { instanceId } = v1Request(TaskListRequest, request, logger);
          const interaction = await listedInteraction(instanceId);
          const journeyOf = journeyOnce(instanceId);
          const list = await withVariantIds((variantIdOf) => toV1TaskList(interaction, variantIdOf), journeyOf);
          await spelledForInstance(list.status, journeyOf);
          return list;
        }),

      listTasksWithSchema: (request) =>
        asV1(async () => {
          const { instanceId } = v1Request(TaskListRequest, request, logger);
          const interaction = await listedInteraction(instanceId);
          const journeyOf = journeyOnce(instanceId);
          const list = await withVariantIds((variantIdOf) => toV1TaskListWithSchema(interaction, variantIdOf, catalogue), journeyOf);
          await spelledForInstance(list.status, journeyOf);
          return list;
        }),

      getTaskSchema: (request) =>
        asV1(async () => {
          const { interaction } = await activeInteraction(v1Request(TaskSchemaRequest, request, logger).taskId);
          const elements = collectedElements(interaction.interaction?.collects ?? []);
          return taskJsonSchemaFor(elements, catalogue, { backRequired: backRequired(interaction) }) as V1TaskSchema;
        }),

      updateTask: (request) =>
        asV1(async () => {
          const parsed = v1Request(TaskUpdateRequest, request, logger);
          // A Validate writes nothing: it need not wait for another update of its task.
          const updated =
            parsed.intent === 'Validate'
              ? update(parsed)
              : oneUpdateAtATime(saveStore, parsed.taskId, () => update(parsed), { ...updateWait, signal: call.signal });
          try {
            return await updated;
          } catch (error) {
            // v1 refused a client that may not submit before it looked at the data.
            if (error instanceof TranslationError) await refuseUnlessPermitted(parsed.instanceId);
            throw error;
          }
        }),

      fetchState: (request) =>
        asV1(async () => {
          const { instanceId, filterKeys } = v1Request(V1StateRequest, request, logger);
          return v1State(instanceId, filterKeys);
        }),
    };

    /** One v1 task update, the only one of its task under way unless a Validate. */
    async function update({ intent, instanceId, taskId, context }: z.output<typeof TaskUpdateRequest>) {
      // What earlier Saves of the task carried of an element without all of it, beneath what this update carries:
      // its own values win, as v1's did over its draft.
      const draft = await beforeSending(saveDrafts.draftOf(taskId));
      const subject = draft === undefined ? context.subject : mergeSubject(draft, context.subject);
      let active: Awaited<ReturnType<typeof activeInteraction>>;
      try {
        active = await activeInteraction(taskId, instanceId);
      } catch (error) {
        // The Save, Validate or Complete v1 code sends after a Save: v1 took it into the draft; here the Save already
        // submitted. It is answered as v1 did only when the journey holds all it carries, so nothing it adds is lost.
        const afterSave = intent === 'Complete' || intent === 'Save' || intent === 'Validate';
        const task = error instanceof StaleTaskError && afterSave ? await beforeSending(completedBySave.savedTask(taskId)) : undefined;
        if (task === undefined) throw error;
        const saved = task.interaction;
        // Answered here without a submit, and a Complete forgets the Save: v1 refused a client that may not submit
        // first. The one that sent the Save may (v2 took it); another is asked, at the interaction the Save completed.
        if (task.savedBy !== callerFingerprint) await refuseUnlessPermitted(instanceId, saved.interactionId);
        const state = noted(await client.fetchState({ instanceId }, call));
        // Paused since the Save: v1 refused the draft's Complete too until the journey resumed.
        if (state.status === 'Paused') throw error;
        const held = state.context?.subject ?? {};
        const changed = changedElements(catalogue, held, subject, catalogue.carriedBy(subject));
        const paths = changedUndescribed(catalogue, held, subject);
        if (changed.length > 0 || paths.length > 0) throw new ProvidedElementChangedError(changed, paths);
        const added = addedAfterSave(catalogue, held, subject);
        // An element the task does not collect any submit of it would have dropped (an SSN sent with every page), so
        // the journey lacks nothing of it that this task takes. An interaction that names none is taken to collect all.
        const collects = collectedElements(saved.interaction?.collects ?? []);
        const takenHere = (id: string) => collects.length === 0 || collects.some((element) => element.id === id);
        const addedHere = added?.elements.filter(takenHere) ?? [];
        // Data outside every known element is only ever an undescribed element's: a task that collects none drops
        // it on any submit (a field a legacy form adds), a first Complete's too.
        const takesUndescribed = collects.length === 0 || collects.some(({ id }) => catalogue.get(id) === undefined);
        const pathsHere = takesUndescribed ? (added?.paths ?? []) : [];
        if (addedHere.length > 0 || pathsHere.length > 0) throw new AddedAfterSaveError(addedHere, pathsHere, intent);
        // v1 checked the draft with what the Validate carries: the journey holds all of it, valid, since the Save.
        if (intent === 'Validate') return { instanceId, taskId, valid: true };
        // A Save keeps the task listed for the Complete still to come, as v1 kept the draft.
        if (intent === 'Complete') await forget(taskId);
        return { instanceId, taskId };
      }
      const { interaction, interactionId } = active;
      // v1 refused every intent on a paused journey's task, Validate too: a `valid: true` here would be a guess.
      if (interaction.journey?.status === 'Paused') throw new StaleTaskError(taskId);
      // v2 has no drafts: Save submits what is valid now (a partial submit); a Save that carries every required
      // element therefore completes the interaction (register: request.update-intent). Part of an element it
      // carries is kept, once the Save is taken, for the task's next update, which v1 merged with the draft.
      const heldBefore = heldOnce(instanceId);
      const planning = { partial: intent === 'Save', catalogue };
      let plan: SubmitPlan;
      try {
        plan = planSubmit(interaction, subject, planning);
      } catch (error) {
        // An `outstanding` that never shrinks lists elements the journey holds, and a document's back is asked for
        // with its front held: v1 checked an update against what its task still lacked, so the update is checked
        // again over what the journey holds (a back sent alone, as its own element, completes the document).
        if (!(error instanceof IncompleteTaskError)) throw error;
        const held = await heldBefore();
        const beneath = planSubmit(interaction, mergeSubject(held, subject), planning);
        // What the journey holds as given is not sent again: a static `outstanding` would have v2 refuse it whole.
        // What the update carries for an element the journey holds is compared with it, as a provided element's is.
        plan = {
          ...beneath,
          participants: beneath.participants.filter((participant) => !holdsAsGiven(held, beneath.subject, participant)),
          provided: [...new Set([...beneath.provided, ...catalogue.carriedBy(subject)])],
        };
      }
      plan = await withEarlyDocumentBack(plan, interaction, heldBefore, catalogue);
      /** `taken`: v2 took the Save's submit, so a store that fails cannot be told as nothing sent. */
      const draftKept = async (taken: boolean) => {
        if (intent !== 'Save') return;
        // What the Save could not submit (part of an element, an undescribed element's data left to the Complete)
        // the task's next update brings, as v1's draft did.
        const keeps = carriesPartOfAnElement(interaction, subject, catalogue) || leavesUndescribedOut(plan, catalogue);
        try {
          if (keeps) await saveDrafts.keep(taskId, subject);
          // Nothing to forget in the common case (no draft was read): a store that fails then changes nothing.
          else if (draft !== undefined) await saveDrafts.delete(taskId);
        } catch (error) {
          throw new SaveStoreError(taken, error);
        }
      };
      // v2 keeps the first value of an element: what the update carries for one it holds must be that value. Data
      // outside every known element cannot be told apart by element, so it is compared path by path.
      if (plan.provided.length > 0 || undescribedPaths(catalogue, subject).length > 0) {
        await refuseChanges(heldBefore(), subject, plan.provided);
      }
      if (intent === 'Validate') {
        // Only v2 can check an element nobody described: valid: true would be a guess.
        const unchecked = plan.undescribed.filter(({ spec }) => spec === 'required').map(({ id }) => id);
        if (unchecked.length > 0) throw new UndescribedElementError(unchecked);
        await refuseUnlessPermitted(instanceId, interactionId);
        return { instanceId, taskId, valid: true };
      }
      if (plan.participants.length === 0) {
        await refuseUnlessPermitted(instanceId, interactionId);
        await draftKept(false);
        return { instanceId, taskId };
      }
      const collects = collectedElements(interaction.interaction?.collects ?? []);
      const required = new Set(collects.filter(({ spec }) => spec === 'required').map(({ id }) => id));
      try {
        const request = { instanceId, interactionId, participants: [...plan.participants], context: { subject: plan.subject } };
        await submitTaking(request, required);
      } catch (error) {
        // Refused because the interaction moved on since the check above (another update took the task; the
        // client's own replay of a taken attempt it answers as taken itself): the task is stale, not the data wrong.
        const refused = error instanceof BadRequestError || error instanceof ConflictError;
        if (refused && (await movedOn(instanceId, interactionId))) throw new StaleTaskError(taskId);
        throw error;
      }
      // Remembered until the task's own Complete: after that, v1 answered a Complete again with a conflict.
      // Only a Save that completed the interaction: one that left it open leaves it listed by v2 itself.
      // The Save was taken: a failed read or store only costs the v1 answer to a Complete that follows it (409, not 200).
      // Noted before the draft, so that a Save sent again after a draft the store failed to keep is answered as v1 did.
      const saveCompleted = intent === 'Save' && (await movedOn(instanceId, interactionId).catch(() => false));
      if (saveCompleted) await completedBySave.add(taskId, instanceId, interaction, callerFingerprint).catch(() => {});
      else if (intent !== 'Save') await forget(taskId);
      await draftKept(true);
      return { instanceId, taskId };
    }
  }

  /** The operations in `context`, each call with a trace of its own, so that its refusal names its own request. */
  function traced(context: CallContext | undefined): V1Api {
    const forCall = () => operations(context, {});
    return {
      startJourney: (request) => forCall().startJourney(request),
      listTasks: (request) => forCall().listTasks(request),
      listTasksWithSchema: (request) => forCall().listTasksWithSchema(request),
      getTaskSchema: (request) => forCall().getTaskSchema(request),
      updateTask: (request) => forCall().updateTask(request),
      fetchState: (request) => forCall().fetchState(request),
    };
  }

  return { ...traced(undefined), withContext: traced };
}
