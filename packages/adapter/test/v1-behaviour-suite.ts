/**
 * One v1 behaviour suite, run against every way the v1 task API is served: the simulator's v1 surface through the
 * v1 client, and the adapter over the v2 surface (later also the shim and the interceptor). Where the two
 * surfaces differ, the test branches on `target.surface` with a comment naming the entry of the change register
 * (docs/compatibility.md) that explains why. Everything else must hold on both.
 */
import { BadRequestError, ConflictError, JourneyApiError, NotFoundError, PermissionDeniedError, type V1Api } from '@journey-bridge/client';
import {
  flowOf,
  type Region,
  SPECIFICATION_DIALECT,
  StrictTaskUpdateResponse,
  StrictV1ErrorBody,
  StrictV1TaskList,
  StrictV1TaskListWithSchema,
  StrictV1TaskSchema,
  type Subject,
  strictV1StartResponseFor,
  strictV1StateFor,
  type V1Dialect,
  type V1State,
} from '@journey-bridge/contract';
import { describe, expect, it, vi } from 'vitest';
import type { V1Target } from './targets.js';

const b64 = (text: string) => Buffer.from(text).toString('base64');
const IDS = {
  dataCheck: 'a1d7c3f0data-check-v1@latest',
  docSelfie: 'c3f9e5b2doc-selfie-v1@latest',
  fraud: 'e5b1a7d4fraud-screen-v1@latest',
  accountOpening: 'a7c1e3f5account-opening-v1@latest',
  onboarding: 'a3c5e7f9onboarding-v1@latest',
};
const person = { identity: { firstName: 'Ada', lastNames: ['Lovelace'], dateOfBirth: '1990-12-10' } };
const nameOnly = { identity: { firstName: 'Ada', lastNames: ['Lovelace'] } };
const dobOnly = { identity: { dateOfBirth: '1990-12-10' } };

/**
 * Every response a `V1Api` gives must parse with the contract's strict v1 schemas of the dialect, whichever
 * surface made it; the test then reads it through the tolerant ones, as a caller would.
 */
function checked(api: V1Api, dialect: V1Dialect): V1Api {
  const strict = async <T>(answer: Promise<T>, schema: { parse(value: unknown): unknown }) => {
    const value = await answer;
    schema.parse(JSON.parse(JSON.stringify(value)));
    return value;
  };
  return {
    startJourney: (request) => strict(api.startJourney(request), strictV1StartResponseFor(dialect)),
    listTasks: (request) => strict(api.listTasks(request), StrictV1TaskList),
    listTasksWithSchema: (request) => strict(api.listTasksWithSchema(request), StrictV1TaskListWithSchema),
    getTaskSchema: (request) => strict(api.getTaskSchema(request), StrictV1TaskSchema),
    updateTask: (request) => strict(api.updateTask(request), StrictTaskUpdateResponse),
    fetchState: (request) => strict(api.fetchState(request), strictV1StateFor(dialect)),
  };
}

async function rejection(promise: Promise<unknown>): Promise<JourneyApiError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(JourneyApiError);
  // Error bodies too must be exactly v1's, whichever surface answered.
  StrictV1ErrorBody.parse((error as JourneyApiError).v1Error);
  return error as JourneyApiError;
}

/**
 * The suite for one target. `dialect`: the v1 dialect the target's journeys answer in; the flow's place, its
 * decision entry's key and wording and the members of its entries follow it, everything else holds alike.
 */
export function describeV1Behaviour(name: string, makeTarget: () => V1Target, dialect: V1Dialect = SPECIFICATION_DIALECT): void {
  const DECISION = dialect.decision.key;
  const { Accept: PASS, Reject: REJECT } = dialect.decision.outcomes;
  const sortedKeys = (...keys: string[]) => keys.sort();
  describe(`v1 behaviour: ${name}`, () => {
    const setup = () => {
      const target = makeTarget();
      const api = checked(target.api(), dialect);
      const clock = target.sim.core.clock;
      const startAsync = async (resourceId = IDS.dataCheck, subject: Subject = {}) =>
        (await api.startJourney({ resourceId, context: { config: { async: true }, subject } })).instanceId;
      const onlyTask = async (instanceId: string) => {
        const { tasks } = await api.listTasks({ instanceId });
        expect(tasks).toHaveLength(1);
        return tasks[0] as { taskId: string; variantId?: string };
      };
      return { target, api, clock, startAsync, onlyTask };
    };

    it('starts asynchronously, lists one task, completes it and reports the outcome under data.process.flow', async () => {
      const { api, clock, startAsync, onlyTask } = setup();
      const started = clock.now();
      const instanceId = await startAsync();
      const task = await onlyTask(instanceId);
      expect(task.taskId.length).toBeGreaterThanOrEqual(16);
      expect(task.taskId.length).toBeLessThanOrEqual(64);
      // register: response.variant-id. v1 names the task by its variant; v2 has none, so the adapter names it by
      // the interaction resource id, mapped to the v1 variantId by the dialect's flow keys.
      expect(task.variantId).toBe('collect-personal-details-v1');
      const update = await api.updateTask({ intent: 'Complete', instanceId, taskId: task.taskId, context: { subject: person } });
      expect(update).toEqual({ instanceId, taskId: task.taskId });
      expect(await api.listTasks({ instanceId })).toEqual({ instanceId, status: 'InProgress', tasks: [] });
      const running = await api.fetchState({ instanceId });
      expect(running.status).toBe('InProgress');
      expect(running.metaData?.completedTime).toBe('');
      clock.advance(1200);
      const done = await api.fetchState({ instanceId });
      expect(done.status).toBe('Completed');
      expect(done.metaData?.createdTime).toBe(new Date(started).toISOString());
      expect(done.metaData?.completedTime).toBe(new Date(started + 1200).toISOString());
      const flow = flowOf(done);
      expect(Object.keys(flow).sort()).toEqual(sortedKeys('age-eu-v1', DECISION, 'kyc-eu-v3'));
      expect(flow['kyc-eu-v3']?.result).toMatchObject({ outcome: 'Match', classification: 'positive' });
      expect(flow['kyc-eu-v3']?.subject).toEqual(person);
      expect(flow[DECISION]?.result?.outcome).toBe(PASS);
      expect(await api.listTasks({ instanceId })).toEqual({ instanceId, status: 'Completed', tasks: [] });
    });

    // account-opening (EU) and fraud-screen (US) both name their step `applicant` on v2; v1 named the tasks apart.
    it('names each journey’s task by its own v1 variantId where two journeys’ steps share an id', async () => {
      const { target } = setup();
      // Unchecked: account-opening answers in its own dialect unless the suite's target gives every journey one.
      const firstTaskOf = async (region: Region, resourceId: string) => {
        const api = target.api(region);
        const { instanceId } = await api.startJourney({ resourceId, context: { config: { async: true }, subject: {} } });
        return (await api.listTasks({ instanceId })).tasks[0]?.variantId;
      };
      expect(await firstTaskOf('eu', IDS.accountOpening)).toBe('collect-applicant-v2');
      expect(await firstTaskOf('us', IDS.fraud)).toBe('collect-applicant-v1');
    });

    it('starts synchronously: the answer waits for the modules and carries the final state', async () => {
      const { api, clock, target } = setup();
      const before = target.sim.core.engine.size;
      const pending = api.startJourney({ resourceId: IDS.dataCheck, context: { subject: person } });
      // Once the journey exists on the platform, let its module time pass while the start waits.
      await vi.waitFor(() => expect(target.sim.core.engine.size).toBe(before + 1), { interval: 2, timeout: 10_000 });
      clock.advance(1200);
      const state = (await pending) as V1State;
      expect(state.status).toBe('Completed');
      expect(flowOf(state)[DECISION]?.result?.outcome).toBe(PASS);
    });

    it('answers a synchronous start at once with the in-progress state when the journey needs input', async () => {
      const { api } = setup();
      const state = await api.startJourney({ resourceId: IDS.dataCheck, context: { subject: {} } });
      expect(state).toMatchObject({ status: 'InProgress', metaData: { completedTime: '' } });
      expect(flowOf(state as V1State)).toEqual({});
    });

    it('serves Draft-07 task schemas from the list and by taskId alone', async () => {
      const { api, startAsync } = setup();
      const instanceId = await startAsync();
      const listed = await api.listTasksWithSchema({ instanceId });
      const [task] = listed.tasks;
      const key = task?.schema.$ref.replace('#/schemas/', '') ?? '';
      const schema = listed.schemas[key] as Record<string, any>;
      expect(schema.$schema).toBe('http://json-schema.org/draft-07/schema#');
      expect(schema.required).toEqual(['context']);
      expect(schema.properties.context.properties.subject.properties.identity.required).toEqual(['firstName', 'lastNames', 'dateOfBirth']);
      expect(await api.getTaskSchema({ taskId: task?.taskId ?? '' })).toEqual(schema);
    });

    it('Validate checks without storing; Save keeps data for a later Complete', async () => {
      const { api, startAsync, onlyTask } = setup();
      const instanceId = await startAsync();
      const { taskId } = await onlyTask(instanceId);
      const invalid = await rejection(api.updateTask({ intent: 'Validate', instanceId, taskId, context: { subject: nameOnly } }));
      expect(invalid).toBeInstanceOf(BadRequestError);
      expect(invalid.v1Error).toMatchObject({ status: 400, error: 'bad-request-error' });
      expect(invalid.v1Error?.message).toContain('dateOfBirth');
      expect(await api.updateTask({ intent: 'Validate', instanceId, taskId, context: { subject: person } })).toMatchObject({
        instanceId,
        taskId,
      });
      expect((await api.listTasks({ instanceId })).tasks).toHaveLength(1);

      await api.updateTask({ intent: 'Save', instanceId, taskId, context: { subject: nameOnly } });
      expect((await api.listTasks({ instanceId })).tasks).toHaveLength(1);
      await api.updateTask({ intent: 'COMPLETE', instanceId, taskId, context: { subject: dobOnly } });
      expect((await api.listTasks({ instanceId })).tasks).toEqual([]);
      // The Complete took the task: the same Complete again is a conflict, whatever Save came before.
      const again = await rejection(api.updateTask({ intent: 'Complete', instanceId, taskId, context: { subject: dobOnly } }));
      expect(again).toBeInstanceOf(ConflictError);
    });

    it('a Save that carries part of an element keeps it for the Complete that brings the rest, as v1’s draft did', async () => {
      const { api, clock, startAsync, onlyTask } = setup();
      const instanceId = await startAsync();
      const { taskId } = await onlyTask(instanceId);
      // A form of two pages: the first name and the date of birth, then the last names.
      const firstPage = { identity: { firstName: 'Ada', dateOfBirth: '1990-12-10' } };
      await api.updateTask({ intent: 'Save', instanceId, taskId, context: { subject: firstPage } });
      expect((await api.listTasks({ instanceId })).tasks).toHaveLength(1);
      await api.updateTask({ intent: 'Complete', instanceId, taskId, context: { subject: { identity: { lastNames: ['Lovelace'] } } } });
      expect((await api.listTasks({ instanceId })).tasks).toEqual([]);
      clock.advance(1200);
      const done = await api.fetchState({ instanceId });
      expect(done.status).toBe('Completed');
      expect(flowOf(done)['kyc-eu-v3']?.subject).toEqual(person);
      expect(flowOf(done)[DECISION]?.result?.outcome).toBe(PASS);
    });

    it('refuses every update from a client that may not submit, and keeps nothing it sent for the owner’s Complete', async () => {
      const { target, api, clock, startAsync, onlyTask } = setup();
      const readOnly = checked(target.api('eu', target.sim.issueToken('read-only-client')), dialect);
      const instanceId = await startAsync();
      const { taskId } = await onlyTask(instanceId);
      await api.updateTask({ intent: 'Save', instanceId, taskId, context: { subject: { identity: { firstName: 'Ada' } } } });
      const planted = { identity: { firstName: 'Mallory' } };
      for (const intent of ['Save', 'Validate', 'Complete'] as const) {
        const refused = await rejection(readOnly.updateTask({ intent, instanceId, taskId, context: { subject: planted } }));
        expect(refused.v1Error).toEqual({
          status: 403,
          message: 'the API client lacks the journey.submit permission',
          error: 'forbidden-error',
        });
      }
      const rest = { identity: { lastNames: ['Lovelace'], dateOfBirth: '1990-12-10' } };
      await api.updateTask({ intent: 'Complete', instanceId, taskId, context: { subject: rest } });
      clock.advance(1200);
      expect(flowOf(await api.fetchState({ instanceId }))['kyc-eu-v3']?.subject).toEqual(person);
    });

    it('refuses a client that may not submit the Validate and Complete of a task saved whole, and keeps the task for its owner', async () => {
      const { target, api, clock, startAsync, onlyTask } = setup();
      const readOnly = checked(target.api('eu', target.sim.issueToken('read-only-client')), dialect);
      const instanceId = await startAsync();
      const { taskId } = await onlyTask(instanceId);
      await api.updateTask({ intent: 'Save', instanceId, taskId, context: { subject: person } });
      for (const intent of ['Validate', 'Complete'] as const) {
        const refused = await rejection(readOnly.updateTask({ intent, instanceId, taskId, context: { subject: person } }));
        // 403 where one adapter serves both clients (v1 itself, the shim); an adapter of the client's own knows
        // nothing of the owner's Save, and answers that the task is gone (409). Either way nothing is taken.
        expect([403, 409]).toContain(refused.v1Error?.status);
      }
      expect((await api.listTasks({ instanceId })).tasks).toHaveLength(1);
      expect(await api.updateTask({ intent: 'Complete', instanceId, taskId, context: { subject: person } })).toEqual({
        instanceId,
        taskId,
      });
      clock.advance(1200);
      expect(flowOf(await api.fetchState({ instanceId }))[DECISION]?.result?.outcome).toBe(PASS);
    });

    it('a Save that carries every required element: v1 keeps a draft, v2 completes the interaction, the task stays listed', async () => {
      const { api, startAsync, onlyTask } = setup();
      const instanceId = await startAsync();
      const task = await onlyTask(instanceId);
      const { taskId } = task;
      await api.updateTask({ intent: 'Save', instanceId, taskId, context: { subject: person } });
      // register: request.update-intent. v2 has no drafts, so the adapter's Save is a (partial) submit; the task it
      // completed stays listed until its Complete, as v1 listed the draft's (code lists tasks to find it again).
      expect((await api.listTasks({ instanceId })).tasks).toEqual([task]);
      expect((await api.listTasksWithSchema({ instanceId })).tasks.map((listed) => listed.taskId)).toEqual([taskId]);
      // The Complete that follows is taken on both: v1 completes the draft, v2 already holds all it carries.
      expect(await api.updateTask({ intent: 'Complete', instanceId, taskId, context: { subject: person } })).toMatchObject({
        instanceId,
        taskId,
      });
      expect((await api.listTasks({ instanceId })).tasks).toEqual([]);
      // Once taken, a Complete again is a conflict on both.
      const again = await rejection(api.updateTask({ intent: 'Complete', instanceId, taskId, context: { subject: person } }));
      expect(again).toBeInstanceOf(ConflictError);
    });

    it('a Complete after a Save that completed the interaction, carrying data the Save did not, is refused: nothing it adds is lost silently', async () => {
      const { target, api, startAsync, onlyTask } = setup();
      const instanceId = await startAsync();
      const { taskId } = await onlyTask(instanceId);
      await api.updateTask({ intent: 'Save', instanceId, taskId, context: { subject: person } });
      const more = { identity: { ...person.identity, middleNames: ['Augusta'] } };
      const answer = api.updateTask({ intent: 'Complete', instanceId, taskId, context: { subject: more } });
      if (target.surface === 'v1') await expect(answer).resolves.toMatchObject({ taskId });
      else expect(await rejection(answer)).toBeInstanceOf(ConflictError);
    });

    it('refuses Complete without a required element, and keeps the task open', async () => {
      const { api, startAsync, onlyTask } = setup();
      const instanceId = await startAsync();
      const { taskId } = await onlyTask(instanceId);
      const error = await rejection(api.updateTask({ intent: 'Complete', instanceId, taskId, context: { subject: nameOnly } }));
      expect(error).toBeInstanceOf(BadRequestError);
      expect(error.status).toBe(400);
      expect(error.v1Error?.message).toContain('dateOfBirth');
      expect((await api.listTasks({ instanceId })).tasks).toHaveLength(1);
    });

    it('keeps a paused journey’s task listed with its schema and refuses every update of it with 409 until resumed', async () => {
      const { target, api, startAsync, onlyTask } = setup();
      const instanceId = await startAsync();
      const task = await onlyTask(instanceId);
      const { engine } = target.sim.core;
      // An operator pauses the journey in the portal.
      engine.pause(engine.get(instanceId) ?? expect.unreachable());
      const listed = await api.listTasksWithSchema({ instanceId });
      expect(listed).toMatchObject({ status: 'Paused', tasks: [{ taskId: task.taskId, variantId: task.variantId }] });
      expect(Object.keys(listed.schemas)).toHaveLength(1);
      for (const intent of ['Validate', 'Save', 'Complete'] as const) {
        const refused = await rejection(api.updateTask({ intent, instanceId, taskId: task.taskId, context: { subject: person } }));
        expect(refused.v1Error).toMatchObject({ status: 409, error: 'conflict-error' });
      }
      engine.resume(engine.get(instanceId) ?? expect.unreachable());
      expect(await api.updateTask({ intent: 'Complete', instanceId, taskId: task.taskId, context: { subject: person } })).toEqual({
        instanceId,
        taskId: task.taskId,
      });
    });

    it('validates a task saved whole, as v1 validated its draft, before its Complete', async () => {
      const { api, startAsync, onlyTask } = setup();
      const instanceId = await startAsync();
      const task = await onlyTask(instanceId);
      // register: request.update-intent. On v2 this Save completes the interaction; v1 kept it as a draft.
      await api.updateTask({ intent: 'Save', instanceId, taskId: task.taskId, context: { subject: person } });
      expect(await api.updateTask({ intent: 'Validate', instanceId, taskId: task.taskId, context: { subject: person } })).toEqual({
        instanceId,
        taskId: task.taskId,
        valid: true,
      });
      expect(await api.updateTask({ intent: 'Complete', instanceId, taskId: task.taskId, context: { subject: person } })).toEqual({
        instanceId,
        taskId: task.taskId,
      });
    });

    it('refuses the Complete of a task saved whole before its journey was paused, and lists the journey as paused', async () => {
      const { target, api, startAsync, onlyTask } = setup();
      const instanceId = await startAsync();
      const task = await onlyTask(instanceId);
      // register: request.update-intent. On v2 this Save completes the interaction; v1 kept it as a draft.
      await api.updateTask({ intent: 'Save', instanceId, taskId: task.taskId, context: { subject: person } });
      const { engine } = target.sim.core;
      engine.pause(engine.get(instanceId) ?? expect.unreachable());
      expect(await api.listTasks({ instanceId })).toEqual({ instanceId, status: 'Paused', tasks: [task] });
      const refused = await rejection(
        api.updateTask({ intent: 'Complete', instanceId, taskId: task.taskId, context: { subject: person } }),
      );
      expect(refused.v1Error).toMatchObject({ status: 409, error: 'conflict-error' });
      engine.resume(engine.get(instanceId) ?? expect.unreachable());
      expect(await api.updateTask({ intent: 'Complete', instanceId, taskId: task.taskId, context: { subject: person } })).toEqual({
        instanceId,
        taskId: task.taskId,
      });
    });

    it('refuses a stale task with 409 and never writes into the interaction that followed', async () => {
      const { api, clock, startAsync, onlyTask } = setup();
      const instanceId = await startAsync(IDS.docSelfie);
      const first = await onlyTask(instanceId);
      const document = { documents: [{ side1Image: b64('front') }, { side2Image: b64('back') }] };
      await api.updateTask({ intent: 'Complete', instanceId, taskId: first.taskId, context: { subject: document } });
      clock.advance(2000);
      const second = await onlyTask(instanceId);
      expect(second.taskId).not.toBe(first.taskId);
      const stale = await rejection(
        api.updateTask({
          intent: 'Complete',
          instanceId,
          taskId: first.taskId,
          context: { subject: { biometrics: [{ selfieImage: b64('me') }] } },
        }),
      );
      expect(stale).toBeInstanceOf(ConflictError);
      // v1's words exactly, on every surface: legacy code may match on them.
      expect(stale.v1Error).toEqual({
        status: 409,
        message: `task ${JSON.stringify(first.taskId)} is no longer active`,
        error: 'conflict-error',
      });
      expect((await api.listTasks({ instanceId })).tasks).toEqual([second]);
      await api.updateTask({
        intent: 'Complete',
        instanceId,
        taskId: second.taskId,
        context: { subject: { biometrics: [{ selfieImage: b64('me') }] } },
      });
      clock.advance(1500);
      const state = await api.fetchState({ instanceId });
      expect(state.status).toBe('Completed');
      expect(Object.keys(flowOf(state)).sort()).toEqual(sortedKeys(DECISION, 'doc-auth-eu-v4', 'face-eu-v2'));
    });

    // The onboarding form but its document, and a driving licence's front: read as two-sided, its back is asked for.
    const form = {
      ...person,
      consent: { dataProcessing: true },
      contact: { mobilePhone: '+447700900123' },
      biometrics: [{ selfieImage: b64('me') }],
    };
    const front = [{ type: 'Primary', side1Image: b64('DRIVING LICENCE front') }];

    // A driving licence's back is asked for once its front is read; the form is then sent again, with the back, or
    // the back alone. Code that knows a licence has a back may send it before it is asked for, while the front is read.
    it.each([
      [
        'the form again, one document with both sides',
        true,
        [{ type: 'Primary', side1Image: b64('DRIVING LICENCE front'), side2Image: b64('back') }],
        true,
      ],
      [
        'the form again, each side its own element',
        true,
        [{ type: 'Primary', side1Image: b64('DRIVING LICENCE front') }, { side2Image: b64('back') }],
        true,
      ],
      ['the back alone, as its own element', false, [{ side2Image: b64('back') }], true],
      [
        'the form again, before the front is read',
        true,
        [{ type: 'Primary', side1Image: b64('DRIVING LICENCE front'), side2Image: b64('back') }],
        false,
      ],
      ['the back alone, before the front is read', false, [{ side2Image: b64('back') }], false],
    ])('takes a document’s back sent after its front (%s), and completes', async (_, again, documents, frontRead) => {
      const { api, clock, startAsync, onlyTask, target } = setup();
      const instanceId = await startAsync(IDS.onboarding);
      const task = await onlyTask(instanceId);
      await api.updateTask({ intent: 'Complete', instanceId, taskId: task.taskId, context: { subject: { ...form, documents: front } } });
      if (frontRead) clock.advance(3000);
      const listed = frontRead ? await onlyTask(instanceId) : task;
      const subject = again ? { ...form, documents } : { documents };
      const submits = () => target.sim.core.journal.list({ path: '*/v2/captain/journey/interaction/submit' });
      const before = submits().length;
      await api.updateTask({ intent: 'Complete', instanceId, taskId: listed.taskId, context: { subject } });
      // On v2, elements the journey holds as described are not sent again beside the back, to be refused whole (the
      // undescribed Consent, MobilePhone and EmailAddress are: nothing tells whether the journey holds them).
      if (target.surface === 'v2' && !again && frontRead) {
        expect(submits()[before]?.participants).toEqual(['PrimaryDocument', 'Consent', 'MobilePhone', 'EmailAddress']);
      }
      // The modules' 5 s, after the 3 s of reading the front where it was not read before the update.
      clock.advance(frontRead ? 5000 : 8000);
      expect((await api.fetchState({ instanceId })).status).toBe('Completed');
    });

    // v1 has no instructions: once a front is read as two-sided, the task's schema requires the back, and an update
    // without it is refused naming it. v2 says so in `outstanding` (PrimaryDocument/side2Image) and `instructions`.
    it('asks for a document’s back once its front is read: the schema requires it, an update without it is refused', async () => {
      const { api, clock, startAsync, onlyTask } = setup();
      const instanceId = await startAsync(IDS.onboarding);
      const task = await onlyTask(instanceId);
      await api.updateTask({ intent: 'Complete', instanceId, taskId: task.taskId, context: { subject: { ...form, documents: front } } });
      clock.advance(3000);
      const listed = await onlyTask(instanceId);
      const schema = (await api.getTaskSchema({ taskId: listed.taskId })) as Record<string, any>;
      expect(schema.properties.context.properties.subject.properties.documents.items.required).toContain('side2Image');
      for (const intent of ['Validate', 'Complete'] as const) {
        const refused = await rejection(
          api.updateTask({ intent, instanceId, taskId: listed.taskId, context: { subject: { ...form, documents: front } } }),
        );
        expect(refused.v1Error).toMatchObject({ status: 400, error: 'bad-request-error' });
        expect(refused.v1Error?.message).toContain('documents[type=Primary].side2Image');
      }
      const both = [{ type: 'Primary', side1Image: b64('DRIVING LICENCE front'), side2Image: b64('back') }];
      await api.updateTask({ intent: 'Complete', instanceId, taskId: listed.taskId, context: { subject: { ...form, documents: both } } });
      clock.advance(5000);
      expect((await api.fetchState({ instanceId })).status).toBe('Completed');
    });

    it('reports a negative outcome and an under-18 subject as a rejection', async () => {
      const { api, clock, startAsync } = setup();
      const nomatch = await startAsync(IDS.dataCheck, { identity: { ...person.identity, lastNames: ['Nomatch'] } });
      clock.advance(1200);
      const flow = flowOf(await api.fetchState({ instanceId: nomatch }));
      expect(flow['kyc-eu-v3']?.result?.outcome).toBe('No Match');
      expect(flow[DECISION]?.result?.outcome).toBe(REJECT);

      const tenYearsAgo = new Date(clock.now() - 10 * 365.25 * 86_400_000).toISOString().slice(0, 10);
      const minor = await startAsync(IDS.dataCheck, { identity: { ...person.identity, dateOfBirth: tenYearsAgo } });
      clock.advance(1200);
      const minorFlow = flowOf(await api.fetchState({ instanceId: minor }));
      expect(minorFlow['age-eu-v1']?.result?.outcome).toBe('Under 18');
      expect(minorFlow['kyc-eu-v3']?.result?.outcome).toBe('Match');
      expect(minorFlow[DECISION]?.result?.outcome).toBe(REJECT);
    });

    it('reports an operator’s override in the portal as v1 wrote it: a decision of its own in its own words, never another one', async () => {
      const { api, clock, startAsync, target } = setup();
      const override = async (instanceId: string, decision: string) => {
        const answer = await target.sim.fetch(`http://sim.test/__sim/instances/${instanceId}/decision`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ decision }),
        });
        expect(answer.status).toBe(200);
        return flowOf(await api.fetchState({ instanceId }))[DECISION]?.result?.outcome;
      };
      const referred = await startAsync(IDS.dataCheck, { identity: { ...person.identity, lastNames: ['Nomatch'] } });
      const accepted = await startAsync(IDS.dataCheck, { identity: { ...person.identity, lastNames: ['Nomatch'] } });
      clock.advance(1200);
      // v2 classifies an operator's own decision as neutral: it is still not a manual review.
      expect(await override(referred, 'Refer')).toBe('Decision: Refer');
      expect(await override(accepted, 'Accept')).toBe(PASS);
    });

    it('refuses a broken filterKeys pattern with 400', async () => {
      const { api, startAsync } = setup();
      const instanceId = await startAsync();
      const error = await rejection(api.fetchState({ instanceId, filterKeys: ['/[/'] }));
      expect(error.v1Error).toMatchObject({ status: 400, error: 'bad-request-error' });
      expect(error.v1Error?.message).toContain('filterKeys');
    });

    it('reports a failed module as Failed', async () => {
      const { target, clock } = setup();
      const us = checked(target.api('us'), dialect);
      const subject = { identity: { ...person.identity, lastNames: ['Outage'], idNumbers: [{ type: 'ssn', idNumber: '123-45-6789' }] } };
      const { instanceId } = await us.startJourney({ resourceId: IDS.fraud, context: { config: { async: true }, subject } });
      clock.advance(1000);
      const state = await us.fetchState({ instanceId });
      expect(state.status).toBe('Failed');
      expect(state.metaData?.completedTime).not.toBe('');
    });

    it('filters the flow by filterKeys', async () => {
      const { api, clock, startAsync } = setup();
      const instanceId = await startAsync(IDS.dataCheck, person);
      clock.advance(1200);
      expect(Object.keys(flowOf(await api.fetchState({ instanceId, filterKeys: ['/^kyc/'] })))).toEqual(['kyc-eu-v3']);
      expect(Object.keys(flowOf(await api.fetchState({ instanceId, filterKeys: ['/.*/'] }))).sort()).toEqual(
        sortedKeys('age-eu-v1', DECISION, 'kyc-eu-v3'),
      );
    });

    it('answers 404 in the v1 body for an unknown instance, resource or task', async () => {
      const { api } = setup();
      const unknownInstance = await rejection(api.fetchState({ instanceId: 'f'.repeat(32) }));
      expect(unknownInstance).toBeInstanceOf(NotFoundError);
      expect(unknownInstance.v1Error).toMatchObject({ status: 404, error: 'not-found-error' });
      const unknownJourney = await rejection(api.startJourney({ resourceId: 'nope@latest', context: { subject: {} } }));
      expect(unknownJourney.v1Error).toMatchObject({ status: 404, error: 'not-found-error' });
      expect(unknownJourney.v1Error?.message).toContain('nope@latest');
      // A task no journey has: v1's words exactly, on every surface, for code that matches on "not found".
      const unknownTask = await rejection(api.getTaskSchema({ taskId: '0'.repeat(32) }));
      expect(unknownTask.v1Error).toEqual({ status: 404, message: `task "${'0'.repeat(32)}" was not found`, error: 'not-found-error' });
      const instanceId = (await api.startJourney({ resourceId: IDS.dataCheck, context: { config: { async: true }, subject: {} } }))
        .instanceId;
      const unknownUpdate = await rejection(
        api.updateTask({ intent: 'Complete', instanceId, taskId: '0'.repeat(32), context: { subject: person } }),
      );
      expect(unknownUpdate.v1Error).toEqual({
        status: 404,
        message: `task "${'0'.repeat(32)}" was not found on instance "${instanceId}"`,
        error: 'not-found-error',
      });
    });

    it('refuses a malformed request with 400 in the v1 body', async () => {
      const { api } = setup();
      const error = await rejection(
        api.updateTask({ intent: 'Finish' as 'Complete', instanceId: 'x'.repeat(32), taskId: 'y'.repeat(32), context: { subject: {} } }),
      );
      expect(error).toBeInstanceOf(BadRequestError);
      expect(error.v1Error?.message).toContain('intent');
    });

    it('says a field the request lacks is required, in v1’s words', async () => {
      const { api } = setup();
      const error = await rejection(api.fetchState({} as { instanceId: string }));
      expect(error).toBeInstanceOf(BadRequestError);
      expect(error.v1Error).toMatchObject({ status: 400, message: 'instanceId is required', error: 'bad-request-error' });
      // One of a set of values, left out, is required too.
      const { startAsync, onlyTask } = setup();
      const instanceId = await startAsync();
      const { taskId } = await onlyTask(instanceId);
      const noIntent = { instanceId, taskId, context: { subject: person } } as unknown as Parameters<typeof api.updateTask>[0];
      const missing = await rejection(api.updateTask(noIntent));
      expect(missing.v1Error).toMatchObject({ status: 400, message: 'intent is required', error: 'bad-request-error' });
    });

    it('passes permission failures through as 403 in the v1 body', async () => {
      const { target } = setup();
      const readOnly = checked(target.api('eu', target.sim.issueToken('read-only-client')), dialect);
      const error = await rejection(readOnly.startJourney({ resourceId: IDS.dataCheck, context: { subject: {} } }));
      expect(error).toBeInstanceOf(PermissionDeniedError);
      expect(error.v1Error).toEqual({
        status: 403,
        message: 'the API client lacks the journey.start permission',
        error: 'forbidden-error',
      });
    });

    it('validates api-delivery prefill only on v1: v2 validates prefill for every delivery', async () => {
      const { target, api } = setup();
      const start = api.startJourney({
        resourceId: IDS.dataCheck,
        context: { config: { async: true }, subject: { identity: { dateOfBirth: 'yesterday' } } },
      });
      // register: request.prefill-validation.
      if (target.surface === 'v1') {
        expect((await start).instanceId).toBeTruthy();
      } else {
        const error = await rejection(start);
        expect(error.v1Error).toMatchObject({ status: 400, error: 'bad-request-error' });
      }
    });
  });
}
