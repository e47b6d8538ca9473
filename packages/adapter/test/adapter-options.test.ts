import {
  AuthenticationError,
  BadRequestError,
  ConflictError,
  createJourneyClient,
  type JourneyApiError,
  type JourneyClientOptions,
  NotFoundError,
  staticToken,
} from '@journey-bridge/client';
import type { Subject } from '@journey-bridge/contract';
import { createSimulator } from '@journey-bridge/simulator';
import { describe, expect, it } from 'vitest';
import { createV1Adapter, type V1AdapterOptions } from '../src/index.js';
import { journeyMap, journeys, variantIds } from './targets.js';

const person = { identity: { firstName: 'Ada', lastNames: ['Lovelace'], dateOfBirth: '1990-12-10' } };
const b64 = (text: string) => Buffer.from(text.padEnd(64, '.')).toString('base64');
/** Every element the onboarding journey's task collects, Consent and MobilePhone among them. */
const onboardingSubject = {
  ...person,
  biometrics: [{ selfieImage: b64('me') }],
  documents: [{ side1Image: b64('PASSPORT'), side2Image: '', type: 'Primary' }],
  consent: { dataProcessing: true },
  contact: { mobilePhone: '+447700900123' },
};

function setup(options: Partial<V1AdapterOptions> = {}) {
  const sim = createSimulator({ journeys, clock: { manual: true } });
  const token = sim.issueToken();
  const adapter = () =>
    createV1Adapter({
      client: createJourneyClient({ baseUrl: 'http://sim.test/eu/v2/captain/', auth: staticToken(token), fetch: sim.fetch }),
      journeyMap,
      dialect: { flowKeys: variantIds },
      syncStartIntervalMs: 1,
      ...options,
    });
  return { sim, adapter };
}

describe('createV1Adapter', () => {
  it('keeps no state between calls: two adapters (two processes) can serve one journey alternately', async () => {
    const { sim, adapter } = setup();
    const [a, b] = [adapter(), adapter()];
    const { instanceId } = await a.startJourney({
      resourceId: 'c3f9e5b2doc-selfie-v1@latest',
      context: { config: { async: true }, subject: {} },
    });
    const first = (await b.listTasks({ instanceId })).tasks[0];
    expect((await a.getTaskSchema({ taskId: first?.taskId ?? '' })).required).toEqual(['context']);
    const document = { documents: [{ type: 'Primary', side1Image: Buffer.from('f').toString('base64'), side2Image: '' }] };
    await b.updateTask({ intent: 'Complete', instanceId, taskId: first?.taskId ?? '', context: { subject: document } });
    sim.core.clock.advance(2000);
    const second = (await a.listTasks({ instanceId })).tasks[0];
    await b.updateTask({
      intent: 'Complete',
      instanceId,
      taskId: second?.taskId ?? '',
      context: { subject: { biometrics: [{ selfieImage: 'c2VsZmll' }] } },
    });
    sim.core.clock.advance(1500);
    expect((await a.fetchState({ instanceId })).status).toBe('Completed');
  });

  it('refuses an unmapped resourceId, naming it, without calling v2', async () => {
    const { sim, adapter } = setup();
    const error = await adapter()
      .startJourney({ resourceId: 'unknown-journey@latest', context: { subject: {} } })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(NotFoundError);
    expect((error as NotFoundError).v1Error).toEqual({
      status: 404,
      message: 'v1 resourceId "unknown-journey@latest" has no v2 journey: add it to the journey map',
      error: 'not-found-error',
    });
    expect(sim.core.journal.count()).toBe(0);
  });

  it('keeps the upstream X-Request-ID on errors mapped to v1', async () => {
    const { sim, adapter } = setup();
    const error = (await adapter()
      .fetchState({ instanceId: 'f'.repeat(32) })
      .catch((caught: unknown) => caught)) as NotFoundError;
    const [entry] = sim.core.journal.list();
    expect(error.requestId).toBe(entry?.requestId);
    expect(error.message).toContain(`[request ${entry?.requestId}]`);
  });

  it('names on a refusal of its own the upstream request it was refused on: a bad date of birth, a stale task, an unchecked element', async () => {
    const { sim, adapter } = setup();
    const a = adapter();
    const refusal = (call: Promise<unknown>) =>
      call.then(
        () => expect.unreachable(),
        (caught: unknown) => caught as JourneyApiError,
      );
    const lastRequestId = () => sim.core.journal.list().at(-1)?.requestId;
    const { instanceId } = await a.startJourney({
      resourceId: 'a1d7c3f0data-check-v1@latest',
      context: { config: { async: true }, subject: {} },
    });
    const taskId = (await a.listTasks({ instanceId })).tasks[0]?.taskId ?? '';
    const complete = (subject: Subject) => a.updateTask({ intent: 'Complete', instanceId, taskId, context: { subject } });

    const badDate = await refusal(complete({ identity: { ...person.identity, dateOfBirth: '1990-02-31' } }));
    expect(badDate).toBeInstanceOf(BadRequestError);
    expect(badDate.requestId).toBeDefined();
    expect(badDate.requestId).toBe(lastRequestId());
    expect(badDate.message).toContain(`[request ${badDate.requestId}]`);

    await complete(person);
    const stale = await refusal(complete(person));
    expect(stale).toBeInstanceOf(ConflictError);
    expect(stale.v1Error?.message).toContain('is no longer active');
    expect(stale.requestId).toBeDefined();
    expect(stale.requestId).toBe(lastRequestId());

    // Onboarding collects elements nobody described to this adapter: Validate cannot check them.
    const onboarding = await a.startJourney({
      resourceId: 'a3c5e7f9onboarding-v1@latest',
      context: { config: { async: true }, subject: {} },
    });
    const onboardingTask = (await a.listTasks({ instanceId: onboarding.instanceId })).tasks[0]?.taskId ?? '';
    const unchecked = await refusal(
      a.updateTask({
        intent: 'Validate',
        instanceId: onboarding.instanceId,
        taskId: onboardingTask,
        context: { subject: onboardingSubject },
      }),
    );
    expect(unchecked.v1Error?.message).toContain('cannot be validated');
    expect(unchecked.requestId).toBeDefined();
    expect(unchecked.requestId).toBe(lastRequestId());
  });

  it('names no request on a refusal made before any upstream call (a version the map does not pin): the platform never saw one', async () => {
    const { sim, adapter } = setup();
    const error = (await adapter()
      .startJourney({ resourceId: 'a1d7c3f0data-check-v1@7', context: { subject: {} } })
      .catch((caught: unknown) => caught)) as JourneyApiError;
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error.v1Error?.message).toContain('version 7 is pinned');
    expect(error.requestId).toBeUndefined();
    expect(error.message).not.toContain('[request');
    expect(sim.core.journal.count()).toBe(0);
  });

  it('answers a synchronous start with the state as it is once syncStartTimeoutMs passes', async () => {
    const { adapter } = setup({ syncStartTimeoutMs: 20, syncStartIntervalMs: 5 });
    // The manual clock never moves, so the modules never finish: the start gives up waiting after 20 ms.
    const state = await adapter().startJourney({ resourceId: 'a1d7c3f0data-check-v1@latest', context: { subject: person } });
    expect(state).toMatchObject({ status: 'InProgress', metaData: { completedTime: '' } });
  });

  it('answers a synchronous start whose state cannot be read (its token expired meanwhile) with a whole v1 state in progress', async () => {
    const lines: [string, Record<string, unknown> | undefined][] = [];
    const { sim, adapter } = setup({
      syncStartTimeoutMs: 20,
      syncStartIntervalMs: 5,
      logger: { debug: (message, fields) => lines.push([message, fields]) },
    });
    sim.core.faults.add({ path: '*/journey/interaction/fetch', status: 401 });
    sim.core.faults.add({ path: '*/journey/state/fetch', status: 401 });
    const state = await adapter().startJourney({ resourceId: 'a1d7c3f0data-check-v1@latest', context: { subject: person } });
    expect(state).toEqual({
      instanceId: expect.stringMatching(/^[0-9a-f]{32}$/),
      status: 'InProgress',
      metaData: { createdTime: expect.stringMatching(/^\d{4}-\d\d-\d\dT/), completedTime: '' },
      data: { process: { flow: {} } },
    });
    // The operator can tell this answer from a journey that is really waiting: nothing of the subject is in it.
    expect(lines).toEqual([
      [
        'a synchronous start is answered InProgress: its state could not be read',
        { instanceId: state.instanceId, failure: 'AuthenticationError' },
      ],
    ]);
  });

  it('starts with the configured delivery and writes the flow where live callers read it when asked', async () => {
    const { sim, adapter } = setup({
      delivery: 'page',
      dialect: { layout: 'context.process', flowKeys: variantIds, decision: { key: 'evaluation' } },
    });
    const api = adapter();
    const { instanceId } = await api.startJourney({
      resourceId: 'a1d7c3f0data-check-v1@latest',
      context: { config: { async: true }, subject: person },
    });
    sim.core.clock.advance(1200);
    const state = await api.fetchState({ instanceId });
    expect(state.data.process).toBeUndefined();
    expect(Object.keys(state.data.context?.process?.flow ?? {}).sort()).toEqual(['age-eu-v1', 'evaluation', 'kyc-eu-v3']);
    expect(sim.core.engine.get(instanceId)?.delivery).toBe('page');
  });

  it('makes the fewest v2 requests per v1 operation', async () => {
    const { sim, adapter } = setup();
    const api = adapter();
    const count = async (operation: () => Promise<unknown>) => {
      const before = sim.core.journal.count();
      await operation();
      return sim.core.journal.count() - before;
    };
    let instanceId = '';
    expect(
      await count(async () => {
        instanceId = (
          await api.startJourney({ resourceId: 'a1d7c3f0data-check-v1@latest', context: { config: { async: true }, subject: {} } })
        ).instanceId;
      }),
    ).toBe(1);
    expect(await count(() => api.listTasks({ instanceId }))).toBe(1);
    expect(await count(() => api.listTasksWithSchema({ instanceId }))).toBe(1);
    const taskId = (await api.listTasks({ instanceId })).tasks[0]?.taskId ?? '';
    expect(await count(() => api.getTaskSchema({ taskId }))).toBe(1);
    // The interaction, and a submit that names nothing: v1 refused a Validate from a client that may not submit.
    expect(await count(() => api.updateTask({ intent: 'Validate', instanceId, taskId, context: { subject: person } }))).toBe(2);
    expect(await count(() => api.updateTask({ intent: 'Complete', instanceId, taskId, context: { subject: person } }))).toBe(2);
    expect(await count(() => api.fetchState({ instanceId }))).toBe(1);
  });
});

describe('createV1Adapter on a tenant whose interactions refuse the customer token', () => {
  /** An adapter over a client with `interactionAuth` as given (left out: the client's default). */
  function onEndUserTenant(interactionAuth?: JourneyClientOptions['interactionAuth']) {
    const sim = createSimulator({ journeys, clock: { manual: true } });
    const client = createJourneyClient({
      baseUrl: 'http://sim.test/eu/v2/captain/',
      auth: staticToken(sim.issueToken()),
      fetch: sim.fetch,
      ...(interactionAuth && { interactionAuth }),
    });
    return { sim, adapter: createV1Adapter({ client, journeyMap, dialect: { flowKeys: variantIds } }) };
  }
  const start = { resourceId: 'e1a5c7d9device-selfie-v1@latest', context: { config: { async: true }, subject: {} } };

  it("authorises interaction calls as its client does: the client's default, 'customer', gets 401 on task calls", async () => {
    const { adapter } = onEndUserTenant();
    const { instanceId } = await adapter.startJourney(start);
    await expect(adapter.listTasks({ instanceId })).rejects.toBeInstanceOf(AuthenticationError);
  });

  it("with the client's interactionAuth 'auto', the task calls go through on an end-user token", async () => {
    const { sim, adapter } = onEndUserTenant('auto');
    const { instanceId } = await adapter.startJourney(start);
    expect((await adapter.listTasks({ instanceId })).tasks).toHaveLength(1);
    expect(sim.core.journal.count({ path: '*/journey/device/start', instanceId })).toBe(1);
  });
});
