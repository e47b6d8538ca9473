import { createJourneyClient, staticToken } from '@journey-bridge/client';
import type { Subject } from '@journey-bridge/contract';
import { describe, expect, it } from 'vitest';
import {
  AdapterOptionsError,
  createMemorySaveStore,
  createV1Adapter,
  createV1HttpHandler,
  type SaveStore,
  SaveStoreError,
  type V1Adapter,
} from '../src/index.js';
import { replicas } from './targets.js';

const DATA_CHECK_V1 = 'a1d7c3f0data-check-v1@latest';
const person = { identity: { firstName: 'Ada', lastNames: ['Lovelace'], dateOfBirth: '1990-12-10' } };

async function started(api: V1Adapter) {
  const { instanceId } = await api.startJourney({ resourceId: DATA_CHECK_V1, context: { config: { async: true }, subject: {} } });
  const listed = await api.listTasks({ instanceId });
  return { instanceId, taskId: listed.tasks[0]?.taskId ?? '', listed };
}

/** A store in memory whose reads or writes fail while `failing` says so: Redis out of reach for a moment. */
function faultyStore() {
  const store = createMemorySaveStore();
  const failing = { reads: false, writes: false };
  const refused = () => Promise.reject(new Error('connection closed'));
  const faulty: SaveStore = {
    get: (key) => (failing.reads ? refused() : store.get(key)),
    set: (key, value, ttlMs) => (failing.writes ? refused() : store.set(key, value, ttlMs)),
    // The task's hold is the store's too: held here, so that the faults meet the drafts.
    hold: (key, owner, ttlMs) => store.hold(key, owner, ttlMs),
    renew: (key, owner, ttlMs) => store.renew(key, owner, ttlMs),
    release: (key, owner) => store.release(key, owner),
    delete: (key) => (failing.writes ? refused() : store.delete(key)),
  };
  return { store: faulty, failing };
}

/** A v1 Complete of `person` for the task, as legacy code sends it over HTTP. */
const completeOverHttp = (token: string, instanceId: string, taskId: string) =>
  new Request('http://shim.test/captain/api/journey/task/update', {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ intent: 'Complete', instanceId, taskId, context: { subject: person } }),
  });

/** A replica over a store that fails while `failing` says so, and a journey started on it, at its first task. */
async function startedOverFaultyStore() {
  const { store, failing } = faultyStore();
  const { sim, a } = replicas({ saveStore: store });
  return { sim, a, failing, ...(await started(a)) };
}

describe('replicas sharing one save store', () => {
  it('take a Complete on one replica that brings the rest of an element a Save carried in part on the other, as v1 did', async () => {
    const { sim, a, b } = replicas({ saveStore: createMemorySaveStore() });
    const { instanceId, taskId } = await started(a);
    await a.updateTask({
      intent: 'Save',
      instanceId,
      taskId,
      context: { subject: { identity: { firstName: 'Ada', dateOfBirth: '1990-12-10' } } },
    });
    await b.updateTask({ intent: 'Complete', instanceId, taskId, context: { subject: { identity: { lastNames: ['Lovelace'] } } } });
    sim.core.clock.advance(5000);
    const state = await b.fetchState({ instanceId });
    expect(state.status).toBe('Completed');
  });

  it('list the task a Save completed on either replica, and answer its Complete on the other as v1 did', async () => {
    const { sim, a, b } = replicas({ saveStore: createMemorySaveStore() });
    const { instanceId, taskId, listed } = await started(a);
    await a.updateTask({ intent: 'Save', instanceId, taskId, context: { subject: person } });
    sim.core.clock.advance(5000);

    expect(await b.listTasks({ instanceId })).toEqual(listed);
    await expect(b.updateTask({ intent: 'Complete', instanceId, taskId, context: { subject: person } })).resolves.toEqual({
      instanceId,
      taskId,
    });
    expect(await a.listTasks({ instanceId })).toMatchObject({ status: 'Completed', tasks: [] });
    // Taken once: v1 answered a second Complete with a conflict.
    await expect(a.updateTask({ intent: 'Complete', instanceId, taskId, context: { subject: person } })).rejects.toMatchObject({
      status: 409,
    });
  });
});

describe('a save store that fails', () => {
  it('before anything is sent: the update is refused as not sent, and the journey holds nothing of it', async () => {
    const { failing, a, instanceId, taskId, listed } = await startedOverFaultyStore();
    failing.reads = true;
    const refusal = await a
      .updateTask({ intent: 'Complete', instanceId, taskId, context: { subject: person } })
      .catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(SaveStoreError);
    expect(refusal).toMatchObject({ taken: false, message: expect.stringContaining('nothing was sent') });
    failing.reads = false;
    expect(await a.listTasks({ instanceId })).toEqual(listed);
    expect(JSON.stringify(await a.fetchState({ instanceId }))).not.toContain('Lovelace');
  });

  it('after a Save was taken: refused as taken; the same Save sent again keeps its draft, and the Complete is taken', async () => {
    const { failing, sim, a, instanceId, taskId } = await startedOverFaultyStore();
    const save = {
      intent: 'Save',
      instanceId,
      taskId,
      context: { subject: { identity: { firstName: 'Ada', dateOfBirth: '1990-12-10' } } },
    } as const;
    failing.writes = true;
    await expect(a.updateTask(save)).rejects.toMatchObject({ name: 'SaveStoreError', taken: true });
    failing.writes = false;
    await expect(a.updateTask(save)).resolves.toEqual({ instanceId, taskId });
    await a.updateTask({ intent: 'Complete', instanceId, taskId, context: { subject: { identity: { lastNames: ['Lovelace'] } } } });
    sim.core.clock.advance(5000);
    expect((await a.fetchState({ instanceId })).status).toBe('Completed');
  });

  it('after a Save that completed its task: answered 200, as v2 holds all it carried; only the Complete after it gets 409', async () => {
    const { failing, sim, a, instanceId, taskId } = await startedOverFaultyStore();
    failing.writes = true;
    await expect(a.updateTask({ intent: 'Save', instanceId, taskId, context: { subject: person } })).resolves.toEqual({
      instanceId,
      taskId,
    });
    failing.writes = false;
    await expect(a.updateTask({ intent: 'Complete', instanceId, taskId, context: { subject: person } })).rejects.toMatchObject({
      status: 409,
    });
    sim.core.clock.advance(5000);
    expect((await a.fetchState({ instanceId })).status).toBe('Completed');
  });

  it('is answered 503 over HTTP, with Retry-After and what to do, never a 500', async () => {
    const { failing, sim, a, instanceId, taskId } = await startedOverFaultyStore();
    failing.reads = true;
    const errors: unknown[] = [];
    const handle = createV1HttpHandler({ adapter: a, logger: { error: (...line) => errors.push(line) } });
    const response = await handle(completeOverHttp(sim.issueToken(), instanceId, taskId));
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('1');
    expect(await response.json()).toMatchObject({
      status: 503,
      message: expect.stringContaining('the save store failed: connection closed'),
    });
    expect(JSON.stringify(errors)).toContain('SaveStoreError');
    expect(JSON.stringify(errors)).not.toContain('Lovelace');
  });
});

describe('an update refused because another of its task is under way', () => {
  it('waits its updateWaitMs, then is answered 503 over HTTP with Retry-After, nothing sent; the first goes on', async () => {
    // A double click through two replicas: the first Complete's submit hangs on its way to v2.
    let submitReached!: () => void;
    const reached = new Promise<void>((resolve) => (submitReached = resolve));
    let letSubmitGo!: () => void;
    const submitHeld = new Promise<void>((resolve) => (letSubmitGo = resolve));
    const { sim, a, b } = replicas({
      saveStore: createMemorySaveStore(),
      updateWaitMs: 50,
      aWaitsFor: async (request) => {
        if (!request.url.endsWith('/interaction/submit')) return;
        submitReached();
        await submitHeld;
      },
    });
    const { instanceId, taskId } = await started(a);
    const first = a.updateTask({ intent: 'Complete', instanceId, taskId, context: { subject: person } });
    await reached;
    const submitsBefore = sim.core.journal.count({ path: '*/interaction/submit' });
    const response = await createV1HttpHandler({ adapter: b })(completeOverHttp(sim.issueToken(), instanceId, taskId));
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('1');
    expect(await response.json()).toMatchObject({
      message: 'waited 0.05 s for another update of this task to end: nothing was sent; retry',
    });
    expect(sim.core.journal.count({ path: '*/interaction/submit' })).toBe(submitsBefore);
    letSubmitGo();
    await expect(first).resolves.toEqual({ instanceId, taskId });
    // The task is free again: the retry is answered as v1 answered a second Complete, a conflict.
    await expect(b.updateTask({ intent: 'Complete', instanceId, taskId, context: { subject: person } })).rejects.toMatchObject({
      status: 409,
    });
  });

  it('refuses an updateWaitMs that would make the wait endless or negative, or a poll interval of 0, naming it', () => {
    expect(() => replicas({ updateWaitMs: Number.NaN })).toThrow(AdapterOptionsError);
    expect(() => replicas({ updateWaitMs: -1 })).toThrow('updateWaitMs must be a number of ms, 0 or more; got -1');
    const adapter = (syncStartIntervalMs: number) => () =>
      createV1Adapter({
        client: createJourneyClient({ baseUrl: 'http://sim.test/eu/v2/captain/', auth: staticToken('t') }),
        journeyMap: {},
        syncStartIntervalMs,
      });
    expect(adapter(0)).toThrow('syncStartIntervalMs must be a number of ms above 0; got 0');
    expect(adapter(1)).not.toThrow();
  });
});

describe('a Save and the Complete of one task at once, through two replicas', () => {
  it('run one after the other: the Complete brings what the Save left, never answered 200 without it', async () => {
    const { sim, a, b } = replicas({ saveStore: createMemorySaveStore() });
    const { instanceId, taskId } = await started(a);
    const saving = a.updateTask({ intent: 'Save', instanceId, taskId, context: { subject: { identity: { firstName: 'Ada' } } } });
    const completing = b.updateTask({
      intent: 'Complete',
      instanceId,
      taskId,
      context: { subject: { identity: { lastNames: ['Lovelace'], dateOfBirth: '1990-12-10' } } },
    });
    await expect(Promise.all([saving, completing])).resolves.toEqual([
      { instanceId, taskId },
      { instanceId, taskId },
    ]);
    expect(sim.core.engine.get(instanceId)?.subject.identity).toEqual(person.identity);
  });
});

describe('two Saves of one task at once, through two replicas', () => {
  it('keep both parts: the Complete after them brings the whole name, as v1 merged every Save into one draft', async () => {
    const { sim, a, b } = replicas({ saveStore: createMemorySaveStore() });
    const { instanceId, taskId } = await started(a);
    // Neither Save submits (a name part alone is no element): each would read the empty draft before the other kept
    // its part, were they not run one at a time.
    const save = (api: V1Adapter, subject: Subject) => api.updateTask({ intent: 'Save', instanceId, taskId, context: { subject } });
    await Promise.all([save(a, { identity: { firstName: 'Ada' } }), save(b, { identity: { lastNames: ['Lovelace'] } })]);
    await b.updateTask({ intent: 'Complete', instanceId, taskId, context: { subject: { identity: { dateOfBirth: '1990-12-10' } } } });
    sim.core.clock.advance(5000);
    expect((await a.fetchState({ instanceId })).status).toBe('Completed');
  });
});
