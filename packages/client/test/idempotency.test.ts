import type { Simulator } from '@journey-bridge/simulator';
import { describe, expect, it, vi } from 'vitest';
import { ConflictError, ConnectionError, TimeoutError } from '../src/index.js';
import { countRequests, DATA_CHECK_V2, loopbackV2Client, PERSON, simulator, startDataCheck, v2Client } from './simulator.js';

const START = '*/journey/start';
const SUBMIT = '*/journey/interaction/submit';
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

    const result = await client.submitInteraction({
      instanceId,
      interactionId,
      participants: [{ domainElementId: 'FullName' }, { domainElementId: 'DateOfBirth' }],
      context: { subject: PERSON },
    });

    expect(result.status).toBe('success');
    expect(sim.core.journal.list({ path: SUBMIT }).map((entry) => entry.status)).toEqual([0, 200]);
    expect((await client.fetchInteraction({ instanceId })).processing).toBe(true);
  });

  it('an answer lost after the submit was handled: the replay meets 409 ALREADY_SUBMITTED, treated as success', async () => {
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
    const interaction = await client.fetchInteraction({ instanceId });
    expect(interaction.outstanding).toEqual(['DateOfBirth', 'CurrentAddress']);
  });

  it('409 ALREADY_SUBMITTED without a lost attempt is the caller’s conflict', async () => {
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
    expect(error.errors[0]?.name).toBe('ALREADY_SUBMITTED');
    expect(countRequests(sim, SUBMIT)).toBe(2);
  });
});
