import { isTerminalStatus, resultOf } from '@journey-bridge/contract';
import { loadJourneys } from '@journey-bridge/simulator';
import { describe, expect, it } from 'vitest';
import { DeadlineExceededError, JourneyClientError, type Logger, NotFoundError } from '../src/index.js';
import { countRequests, JOURNEYS, PERSON, simulator, startDataCheck, v2Client } from './simulator.js';

const STATE = '*/journey/state/fetch';

async function submittedDataCheck(options: Parameters<typeof v2Client>[1] = {}, simulatorOptions: Parameters<typeof simulator>[0] = {}) {
  const sim = await simulator(simulatorOptions);
  const client = v2Client(sim, options);
  const { instanceId } = await startDataCheck(client);
  const { interactionId = '' } = await client.fetchInteraction({ instanceId });
  await client.submitInteraction({
    instanceId,
    interactionId,
    participants: [{ domainElementId: 'FullName' }, { domainElementId: 'DateOfBirth' }],
    context: { subject: PERSON },
  });
  return { sim, client, instanceId };
}

/** Collects the waits polling announces at debug level. */
function waitRecorder() {
  const waits: number[] = [];
  const logger: Logger = {
    debug: (_message, fields) => {
      if (typeof fields?.waitMs === 'number') waits.push(fields.waitMs);
    },
    info: () => {},
    warn: () => {},
    error: () => {},
  };
  return { waits, logger };
}

describe('waitForResult', () => {
  it('polls a full journey to its result while the manual clock runs the modules', async () => {
    const { sim, client, instanceId } = await submittedDataCheck();
    const seen: string[] = [];

    const state = await client.waitForResult(instanceId, {
      intervalMs: 1,
      onProgress: (progress) => {
        seen.push(progress.status);
        sim.core.clock.advance(500);
      },
    });

    expect(state.status).toBe('Completed');
    expect(resultOf(state)?.status).toBe('complete');
    expect(seen).toEqual(['InProgress', 'InProgress', 'InProgress', 'Completed']);
    expect(countRequests(sim, STATE)).toBe(4);
    expect(state.requestId).toBe(sim.core.journal.list({ path: STATE }).at(-1)?.requestId);
  });

  it('ends on the result on a tenant whose decided journeys keep reading InProgress', async () => {
    const journeys = (await loadJourneys(JOURNEYS)).map((journey) => ({ ...journey, decidedStatus: 'InProgress' as const }));
    const { sim, client, instanceId } = await submittedDataCheck({}, { journeys });

    const state = await client.waitForResult(instanceId, { intervalMs: 1, onProgress: () => sim.core.clock.advance(500) });

    expect(state.status).toBe('InProgress');
    expect(resultOf(state)).toMatchObject({ status: 'complete', outcome: 'Decision: Accept' });
  });

  it('returns a failed journey too (status Error), leaving the verdict to the caller', async () => {
    const sim = await simulator();
    const client = v2Client(sim, { baseUrl: 'http://sim.test/us/v2/captain/' });
    const { instanceId } = await client.startJourney({
      resourceId: 'f6c2b8e5fraud-screen-v2@latest',
      context: {
        config: { delivery: 'api' },
        subject: { identity: { ...PERSON.identity, lastNames: ['Outage'], idNumbers: [{ idNumber: '123-45-6789', type: 'ssn' }] } },
      },
    });

    const state = await client.waitForResult(instanceId, { intervalMs: 1, onProgress: () => sim.core.clock.advance(600) });

    expect(state.status).toBe('Error');
    expect(isTerminalStatus(state.status)).toBe(true);
  });

  it('backs off on errors and returns to the base interval after a success', async () => {
    const { waits, logger } = waitRecorder();
    const { sim, client, instanceId } = await submittedDataCheck({ retry: { limit: 0 }, logger, logLevel: 'debug' });
    sim.core.faults.add({ path: STATE, status: 503, retryAfter: 0, count: 3 });
    let successes = 0;

    const state = await client.waitForResult(instanceId, {
      intervalMs: 2,
      maxIntervalMs: 10,
      onProgress: () => {
        successes += 1;
        if (successes === 2) sim.core.clock.advance(1200);
      },
    });

    expect(state.status).toBe('Completed');
    expect(waits).toEqual([4, 8, 10, 2, 2]);
  });

  it('stops at once on an error that waiting cannot cure', async () => {
    const sim = await simulator();
    await expect(v2Client(sim).waitForResult('0'.repeat(32), { intervalMs: 1 })).rejects.toBeInstanceOf(NotFoundError);
    expect(countRequests(sim, STATE)).toBe(1);
  });

  it('is abortable', async () => {
    const { sim, client, instanceId } = await submittedDataCheck();
    const controller = new AbortController();
    let polls = 0;

    const waiting = client.waitForResult(instanceId, {
      intervalMs: 1,
      signal: controller.signal,
      onProgress: () => {
        polls += 1;
        if (polls === 3) controller.abort(new Error('user went away'));
      },
    });

    await expect(waiting).rejects.toThrow('user went away');
    expect(countRequests(sim, STATE)).toBe(3);
  });

  it('gives up at the deadline with the last state seen', async () => {
    const { client, instanceId } = await submittedDataCheck({ now: Date.now });

    const error = (await client
      .waitForResult(instanceId, { intervalMs: 5, deadline: Date.now() + 40 })
      .catch((caught) => caught)) as DeadlineExceededError;

    expect(error).toBeInstanceOf(DeadlineExceededError);
    expect(error).toBeInstanceOf(JourneyClientError);
    expect(error.lastSeen).toMatchObject({ instanceId, status: 'InProgress' });
  });

  it('waits 10 s between polls by default', async () => {
    const { waits, logger } = waitRecorder();
    const { client, instanceId } = await submittedDataCheck({ logger, logLevel: 'debug' });
    const controller = new AbortController();

    const waiting = client.waitForResult(instanceId, { signal: controller.signal });
    await expect.poll(() => waits.length).toBe(1);
    controller.abort();

    await expect(waiting).rejects.toThrow();
    expect(waits).toEqual([10_000]);
  });
});

describe('waitForInteraction', () => {
  it('polls through processing to the next segment’s interaction', async () => {
    const sim = await simulator();
    const client = v2Client(sim);
    const { instanceId } = await client.startJourney({
      resourceId: 'd4a0f6c3doc-selfie-v2@latest',
      context: {
        config: { delivery: 'api' },
        subject: { documents: [{ type: 'Primary', side1Image: Buffer.from('front of a passport').toString('base64'), side2Image: '' }] },
      },
    });
    const interaction = await client.waitForInteraction(instanceId, {
      intervalMs: 1,
      onProgress: () => sim.core.clock.advance(1000),
    });

    expect(interaction.interaction?.collects.map((entry) => entry.ref)).toEqual(['Selfie']);
    expect(interaction.outstanding).toEqual(['Selfie/selfieImage']);
  });
});
