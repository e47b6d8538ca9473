import type { Simulator } from '@journey-bridge/simulator';
import { describe, expect, it, vi } from 'vitest';
import { BadRequestError, ConflictError, ConnectionError, ResponseValidationError, TimeoutError } from '../src/index.js';
import { countRequests, DATA_CHECK_V2, loopbackV2Client, PERSON, simulator, startDataCheck, v2Client } from './simulator.js';

const START = '*/journey/start';
const SUBMIT = '*/journey/interaction/submit';
const STATE = '*/journey/state/fetch';
const ADA = { identity: { firstName: 'Ada', lastNames: ['Lovelace'] } };
const startRequest = { resourceId: DATA_CHECK_V2, context: { config: { delivery: 'api' as const }, subject: {} } };

/** Delivers the first matching request to the simulator but loses its answer, as a dropped connection would. */
function losesFirstAnswer(sim: Simulator, pathSuffix: string): typeof fetch {
  let lost = false;
  return async (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    const response = await sim.fetch(input, init);
    if (!lost && url.endsWith(pathSuffix)) {
      lost = true;
      throw new TypeError('fetch failed', { cause: Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }) });
    }
    return response;
  };
}

async function fetchedInteraction(sim: Simulator, client = v2Client(sim)) {
  const { instanceId } = await startDataCheck(client);
  const interaction = await client.fetchInteraction({ instanceId });
  return { instanceId, interactionId: interaction.interactionId ?? '' };
}

/** The submit of the whole data check: name and birth date, the one interaction's two elements. */
const personSubmit = (ids: { instanceId: string; interactionId: string }) => ({
  ...ids,
  participants: [{ domainElementId: 'FullName' }, { domainElementId: 'DateOfBirth' }],
  context: { subject: PERSON },
});

describe('journey start is never replayed blindly', () => {
  it('a reset connection on start raises ConnectionError after one attempt', async () => {
    const sim = await simulator();
    const client = await loopbackV2Client(sim);
    sim.core.faults.add({ path: START, reset: true, count: 1 });

    const error = (await client.startJourney(startRequest).catch((caught) => caught)) as ConnectionError;

    expect(error).toBeInstanceOf(ConnectionError);
    const entries = sim.core.journal.list({ path: START });
    expect(entries.map((entry) => entry.status)).toEqual([0]);
    // The id the client sent is the one the server journaled: the two sides can be correlated.
    expect(error.requestId).toBe(entries[0]?.requestId);
  });

  it('a timeout on start raises TimeoutError after one attempt, though the journey was created', async () => {
    const sim = await simulator();
    // In-process, the slow request still reaches the handler after the client gave up, as on a real network.
    const client = v2Client(sim, { timeoutMs: 50 });
    sim.core.faults.add({ path: START, latencyMs: 300, count: 1 });

    const error = (await client.startJourney(startRequest).catch((caught) => caught)) as TimeoutError;

    expect(error).toBeInstanceOf(TimeoutError);
    expect(error.message).toContain('no response within 50 ms');
    // The slow attempt is journaled when it finishes; a replay would have been journaled before it.
    await vi.waitFor(() => expect(countRequests(sim, START)).toBeGreaterThanOrEqual(1), { timeout: 2000 });
    expect(sim.core.journal.list({ path: START }).map((entry) => [entry.status, entry.requestId])).toEqual([[201, error.requestId]]);
  });

  it('a 503 on start is retried: the service said it did not admit the journey', async () => {
    const sim = await simulator();
    sim.core.faults.add({ path: START, status: 503, retryAfter: 0, count: 1 });

    await expect(v2Client(sim).startJourney(startRequest)).resolves.toHaveProperty('instanceId');
    expect(sim.core.journal.list({ path: START }).map((entry) => entry.status)).toEqual([503, 201]);
  });

  it('a 500 on start is not retried: the journey may exist', async () => {
    const sim = await simulator();
    sim.core.faults.add({ path: START, status: 500, count: 1 });

    await expect(v2Client(sim).startJourney(startRequest)).rejects.toMatchObject({ status: 500 });
    expect(countRequests(sim, START)).toBe(1);
  });
});

describe('submit is replayed, and a replay that meets its own data succeeds', () => {
  it('a reset before the submit was handled: the replay is taken', async () => {
    const sim = await simulator();
    const client = await loopbackV2Client(sim);
    const { instanceId, interactionId } = await fetchedInteraction(sim, client);
    sim.core.faults.add({ path: SUBMIT, reset: true, count: 1 });

    const result = await client.submitInteraction(personSubmit({ instanceId, interactionId }));

    expect(result.status).toBe('success');
    expect(sim.core.journal.list({ path: SUBMIT }).map((entry) => entry.status)).toEqual([0, 200]);
    expect((await client.fetchInteraction({ instanceId })).processing).toBe(true);
  });

  it('an answer lost after the submit was handled: the replay meets 409 4003, the journey holds the data, success', async () => {
    const sim = await simulator();
    const client = v2Client(sim, { fetch: losesFirstAnswer(sim, '/journey/interaction/submit') });
    const { instanceId, interactionId } = await fetchedInteraction(sim, client);

    const result = await client.submitInteraction({
      instanceId,
      interactionId,
      participants: [{ domainElementId: 'FullName' }],
      context: { subject: { identity: { firstName: 'Ada', lastNames: ['Lovelace'] } } },
    });

    expect(result).toEqual({ status: 'success' });
    expect(sim.core.journal.list({ path: SUBMIT }).map((entry) => entry.status)).toEqual([200, 409]);
    expect(result.requestId).toBe(sim.core.journal.list({ path: SUBMIT })[1]?.requestId);
    // The 409's code does not say "taken before": the state was read to see it.
    expect(countRequests(sim, STATE)).toBe(1);
    const interaction = await client.fetchInteraction({ instanceId });
    expect(interaction.outstanding).toEqual(['DateOfBirth', 'CurrentAddress']);
  });

  it.each([500, 502, 504])('a submit taken and answered %i: the replay meets 409, the journey holds the data, success', async (status) => {
    const sim = await simulator();
    const client = v2Client(sim);
    const { instanceId, interactionId } = await fetchedInteraction(sim, client);
    sim.core.faults.add({ path: SUBMIT, status, afterHandling: true, count: 1 });

    const result = await client.submitInteraction({
      instanceId,
      interactionId,
      participants: [{ domainElementId: 'FullName' }],
      context: { subject: ADA },
    });

    expect(result).toEqual({ status: 'success' });
    expect(sim.core.journal.list({ path: SUBMIT }).map((entry) => entry.status)).toEqual([status, 409]);
  });

  it('a submit taken and answered 500 that completed the interaction: the replay meets 400, the journey holds the data, success', async () => {
    const sim = await simulator();
    const client = v2Client(sim);
    const { instanceId, interactionId } = await fetchedInteraction(sim, client);
    sim.core.faults.add({ path: SUBMIT, status: 500, afterHandling: true, count: 1 });

    const result = await client.submitInteraction(personSubmit({ instanceId, interactionId }));

    expect(result).toEqual({ status: 'success' });
    expect(sim.core.journal.list({ path: SUBMIT }).map((entry) => entry.status)).toEqual([500, 400]);
  });

  it('an answer lost after the submit ended the journey: the replay meets 409 4009, the journey holds the data, success', async () => {
    const sim = await simulator();
    let lost = false;
    // The submit is taken and its modules run to the journey's end before the answer is lost.
    const client = v2Client(sim, {
      fetch: async (input, init) => {
        const response = await sim.fetch(input, init);
        if (lost || !String(input instanceof Request ? input.url : input).endsWith('/interaction/submit')) return response;
        lost = true;
        sim.core.clock.advance(10_000);
        throw new TypeError('fetch failed', { cause: Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }) });
      },
    });
    const { instanceId, interactionId } = await fetchedInteraction(sim, client);

    const result = await client.submitInteraction(personSubmit({ instanceId, interactionId }));

    expect(result).toEqual({ status: 'success' });
    const replay = sim.core.journal.list({ path: SUBMIT }).at(-1);
    expect(replay?.status).toBe(409);
    expect((await client.fetchState({ instanceId })).status).toBe('Completed');
  });

  it('a replay after a lost attempt meets 400 for data the journey does not hold: the refusal, never success', async () => {
    const sim = await simulator();
    const client = v2Client(sim);
    const { instanceId, interactionId } = await fetchedInteraction(sim, client);
    // Not handled: nothing was taken, and the replay is refused for the date of birth it lacks.
    sim.core.faults.add({ path: SUBMIT, status: 500, count: 1 });

    const error = await client
      .submitInteraction({ instanceId, interactionId, participants: [{ domainElementId: 'DateOfBirth' }], context: { subject: ADA } })
      .catch((caught) => caught);

    expect(error).toBeInstanceOf(BadRequestError);
    expect(sim.core.journal.list({ path: SUBMIT }).map((entry) => entry.status)).toEqual([500, 400]);
    expect(countRequests(sim, STATE)).toBe(1);
  });

  it('a replay after a lost attempt meets 409 for data the journey holds with another value: the conflict, never success', async () => {
    const sim = await simulator();
    const client = await loopbackV2Client(sim);
    const { instanceId, interactionId } = await fetchedInteraction(sim, client);
    const submit = (subject: typeof ADA) =>
      client.submitInteraction({ instanceId, interactionId, participants: [{ domainElementId: 'FullName' }], context: { subject } });
    await submit(ADA);
    // Not handled: the outcome is unknown to the client, and the replay is refused for the name taken before.
    sim.core.faults.add({ path: SUBMIT, reset: true, count: 1 });

    const error = (await submit({ identity: { firstName: 'Grace', lastNames: ['Hopper'] } }).catch((caught) => caught)) as ConflictError;

    expect(error).toBeInstanceOf(ConflictError);
    expect(error.errors[0]).toMatchObject({ code: '4003', problem: 'FullName already submitted' });
    expect(sim.core.journal.list({ path: SUBMIT }).map((entry) => entry.status)).toEqual([200, 0, 409]);
    expect(countRequests(sim, STATE)).toBe(1);
  });

  it('a replay after a lost attempt meets 409 and the state cannot be read: the conflict, never success', async () => {
    const sim = await simulator();
    const client = v2Client(sim, { fetch: losesFirstAnswer(sim, '/journey/interaction/submit') });
    const { instanceId, interactionId } = await fetchedInteraction(sim, client);
    sim.core.faults.add({ path: STATE, status: 403, count: 1 });

    const error = await client
      .submitInteraction({ instanceId, interactionId, participants: [{ domainElementId: 'FullName' }], context: { subject: ADA } })
      .catch((caught) => caught);

    expect(error).toBeInstanceOf(ConflictError);
    expect(sim.core.journal.list({ path: SUBMIT }).map((entry) => entry.status)).toEqual([200, 409]);
    expect(sim.core.journal.list({ path: STATE }).map((entry) => entry.status)).toEqual([403]);
  });

  it('a 200 whose body says status "error" is not success: ResponseValidationError with the body', async () => {
    const sim = await simulator();
    const refusal = {
      status: 'error',
      errors: [{ code: '4003', name: 'INVALID_FIELD', location: 'Body', problem: 'FullName is not valid' }],
    };
    const client = v2Client(sim, {
      fetch: async (input, init) => {
        const url = input instanceof Request ? input.url : String(input);
        if (!url.endsWith('/journey/interaction/submit')) return sim.fetch(input, init);
        return new Response(JSON.stringify(refusal), {
          status: 200,
          headers: { 'content-type': 'application/json', 'x-request-id': 'sdk-1' },
        });
      },
    });
    const { instanceId, interactionId } = await fetchedInteraction(sim, client);

    const error = (await client
      .submitInteraction({ instanceId, interactionId, participants: [{ domainElementId: 'FullName' }], context: { subject: ADA } })
      .catch((caught) => caught)) as ResponseValidationError;

    expect(error).toBeInstanceOf(ResponseValidationError);
    expect(error).toMatchObject({ status: 200, path: 'status', requestId: 'sdk-1', body: refusal });
    expect(error.message).toContain('expected "success", got "error"');
  });

  it('409 for an element already submitted, without a lost attempt, is the caller’s conflict', async () => {
    const sim = await simulator();
    const client = v2Client(sim);
    const { instanceId, interactionId } = await fetchedInteraction(sim, client);
    const submit = () =>
      client.submitInteraction({
        instanceId,
        interactionId,
        participants: [{ domainElementId: 'FullName' }],
        context: { subject: { identity: { firstName: 'Ada', lastNames: ['Lovelace'] } } },
      });
    await submit();

    const error = (await submit().catch((caught) => caught)) as ConflictError;

    expect(error).toBeInstanceOf(ConflictError);
    expect(error.errors[0]).toMatchObject({ code: '4003', name: 'INVALID_FIELD', problem: 'FullName already submitted' });
    expect(countRequests(sim, SUBMIT)).toBe(2);
    expect(countRequests(sim, STATE)).toBe(0);
  });
});
