import { createJourneyClient, staticToken } from '@journey-bridge/client';
import { createSimulator, type Simulator } from '@journey-bridge/simulator';
import { describe, expect, it } from 'vitest';
import { createV1Adapter, type V1AdapterOptions } from '../src/index.js';
import { adapterOn, journeyMap, journeys } from './targets.js';

const person = { identity: { firstName: 'Ada', lastNames: ['Lovelace'], dateOfBirth: '1990-12-10' } };

interface SlowSubmitOptions {
  fetch?: Simulator['fetch'];
  resourceId?: string;
  elements?: V1AdapterOptions['elements'];
}

/**
 * A journey (the data check unless `resourceId` says) started through the adapter over `sim` (through `fetch`, by
 * default the simulator's own), and its task, with the next submit slowed past the client's timeout: the first
 * attempt outlives the 100 ms timeout and lands at 200 ms; the replay goes out at about 400 ms.
 */
async function slowSubmit(
  sim: Simulator,
  { fetch = sim.fetch, resourceId = 'a1d7c3f0data-check-v1@latest', elements }: SlowSubmitOptions = {},
) {
  const client = createJourneyClient({
    baseUrl: 'http://sim.test/eu/v2/captain/',
    auth: staticToken(sim.issueToken()),
    fetch,
    timeoutMs: 100,
    retry: { limit: 1, baseDelayMs: 300, jitter: false },
  });
  const adapter = createV1Adapter({ client, journeyMap, ...(elements && { elements }) });
  const { instanceId } = await adapter.startJourney({ resourceId, context: { config: { async: true }, subject: {} } });
  const taskId = (await adapter.listTasks({ instanceId })).tasks[0]?.taskId ?? '';
  sim.core.faults.add({ path: '*/interaction/submit', latencyMs: 200, count: 1 });
  return { adapter, instanceId, taskId };
}

describe('a task update whose submit timed out and was replayed after the first attempt was taken', () => {
  it('answers success, as v1 answered its one attempt, and the data is held', async () => {
    const sim = createSimulator({ journeys, clock: { manual: true } });
    const { adapter, instanceId, taskId } = await slowSubmit(sim);

    const update = adapter.updateTask({ intent: 'Complete', instanceId, taskId, context: { subject: person } });

    await expect(update).resolves.toEqual({ instanceId, taskId });
    const submits = sim.core.journal.list({ path: '*/interaction/submit' }).map((entry) => entry.status);
    expect(submits).toEqual([200, 400]);
    expect(sim.core.engine.get(instanceId)?.subject.identity).toEqual(person.identity);
  });

  it('answers success on a tenant whose outstanding never shrinks, the update carrying data of its own v2 keeps nowhere', async () => {
    const sim = createSimulator({ journeys, clock: { manual: true } });
    const onboarding = journeys.find(({ id }) => id === 'onboarding');
    const { adapter, instanceId, taskId } = await slowSubmit(sim, {
      resourceId: 'a3c5e7f9onboarding-v1@latest',
      elements: onboarding?.elements,
    });
    const b64 = (text: string) => Buffer.from(text.padEnd(64, '.')).toString('base64');
    const form = {
      ...person,
      consent: { dataProcessing: true },
      contact: { mobilePhone: '+447700900123' },
      documents: [{ type: 'Primary', side1Image: b64('PASSPORT') }],
      biometrics: [{ selfieImage: b64('me') }],
      // A reference of the caller's, outside every element.
      metadata: { channel: 'web' },
    };

    const update = adapter.updateTask({ intent: 'Complete', instanceId, taskId, context: { subject: form } });

    // The replay meets 409 "already submitted" (the interaction stays, its outstanding static), not "not active".
    await expect(update).resolves.toEqual({ instanceId, taskId });
    expect(sim.core.engine.get(instanceId)?.subject.identity).toEqual(person.identity);
  });

  it('answers 409 (the task is no longer open) when another update took the task with other data meanwhile', async () => {
    const sim = createSimulator({ journeys, clock: { manual: true } });
    const { adapter, instanceId, taskId } = await slowSubmit(sim);
    const other = { identity: { ...person.identity, firstName: 'Augusta' } };
    // Another process that shares no save store with this one: through one store, it would wait for the slow update.
    const elsewhere = adapterOn(sim);

    const update = adapter.updateTask({ intent: 'Complete', instanceId, taskId, context: { subject: person } });
    // Sent after the slow one, taken before it lands.
    await elsewhere.updateTask({ intent: 'Complete', instanceId, taskId, context: { subject: other } });

    await expect(update).rejects.toMatchObject({ status: 409, message: expect.stringContaining('no longer active') });
    expect(sim.core.engine.get(instanceId)?.subject.identity).toEqual(other.identity);
  });
});

describe('a task update whose submit is refused as not active, when neither the state nor the interaction can be read again', () => {
  it('answers with the failed read (the outcome is unknown), not the 400, and the data is held', async () => {
    const sim = createSimulator({ journeys, clock: { manual: true } });
    const upstream = sim.fetch;
    // The reads after the refused replay are the ones that would tell "taken by the first attempt" from "refused":
    // once the first submit has gone out, every state and interaction read answers a truncated 200.
    const fetch: typeof upstream = (input, init) => {
      const url = input instanceof Request ? input.url : String(input);
      if (url.endsWith('/interaction/submit')) {
        sim.core.faults.add({ id: 'unreadable-interaction', path: '*/interaction/fetch', malformed: true });
        sim.core.faults.add({ id: 'unreadable-state', path: '*/state/fetch', malformed: true });
      }
      return upstream(input, init);
    };
    const { adapter, instanceId, taskId } = await slowSubmit(sim, { fetch });

    const update = adapter.updateTask({ intent: 'Complete', instanceId, taskId, context: { subject: person } });

    const failure = await update.then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(Error);
    expect(failure).not.toMatchObject({ status: 400 });
    expect(failure).toMatchObject({ name: 'ResponseValidationError' });
    expect(sim.core.journal.list({ path: '*/interaction/submit' }).map((entry) => entry.status)).toEqual([200, 400]);
    expect(sim.core.engine.get(instanceId)?.subject.identity).toEqual(person.identity);
  });
});
