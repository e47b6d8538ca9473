import { describe, expect, it, vi } from 'vitest';
import {
  BadRequestError,
  backoffDelay,
  ConflictError,
  DEFAULT_RETRY,
  InternalServerError,
  type JourneyApiError,
  MethodNotAllowedError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  ServiceUnavailableError,
} from '../src/index.js';
import { countRequests, simulator, startDataCheck, v2Client } from './simulator.js';

const STATE = '*/journey/state/fetch';

async function startedJourney() {
  const sim = await simulator();
  const client = v2Client(sim);
  const { instanceId } = await startDataCheck(client);
  return { sim, client, instanceId };
}

const elapsedMs = async (work: () => Promise<unknown>) => {
  const started = performance.now();
  await work();
  return performance.now() - started;
};

describe('retries', () => {
  it('two 503s then success → 3 attempts in the journal', async () => {
    const { sim, client, instanceId } = await startedJourney();
    sim.core.faults.add({ path: STATE, status: 503, retryAfter: 0, count: 2 });

    const state = await client.fetchState({ instanceId });

    expect(state.status).toBe('InProgress');
    expect(sim.core.journal.list({ path: STATE }).map((entry) => entry.status)).toEqual([503, 503, 200]);
  });

  it('honours Retry-After on 503 instead of the backoff (capped by maxRetryAfterMs)', async () => {
    const { sim, instanceId } = await startedJourney();
    const client = v2Client(sim, { retry: { baseDelayMs: 1, jitter: false, maxRetryAfterMs: 60 } });
    sim.core.faults.add({ path: STATE, status: 503, retryAfter: 1, count: 1 });

    const took = await elapsedMs(() => client.fetchState({ instanceId }));

    expect(took).toBeGreaterThanOrEqual(55);
    expect(took).toBeLessThan(900);
    expect(countRequests(sim, STATE)).toBe(2);
  });

  it('honours Retry-After on 429: one second means one second', async () => {
    const { sim, client, instanceId } = await startedJourney();
    sim.core.faults.add({ path: STATE, status: 429, retryAfter: 1, count: 1 });

    const took = await elapsedMs(() => client.fetchState({ instanceId }));

    expect(took).toBeGreaterThanOrEqual(990);
    expect(sim.core.journal.list({ path: STATE }).map((entry) => entry.status)).toEqual([429, 200]);
  });

  it('Retry-After: 0 on 429 overrides a long backoff', async () => {
    const { sim, instanceId } = await startedJourney();
    const client = v2Client(sim, { retry: { baseDelayMs: 60_000, jitter: false } });
    sim.core.faults.add({ path: STATE, status: 429, retryAfter: 0, count: 2 });

    const took = await elapsedMs(() => client.fetchState({ instanceId }));

    expect(took).toBeLessThan(1000);
    expect(countRequests(sim, STATE)).toBe(3);
  });

  it('backs off exponentially on 500, capped at maxDelayMs', async () => {
    const { sim, instanceId } = await startedJourney();
    const client = v2Client(sim, { retry: { limit: 3, baseDelayMs: 1000, maxDelayMs: 20, jitter: false } });
    sim.core.faults.add({ path: STATE, status: 500, count: 3 });

    const took = await elapsedMs(() => client.fetchState({ instanceId }));

    // Uncapped this would wait 1 s + 2 s + 4 s.
    expect(took).toBeGreaterThanOrEqual(55);
    expect(took).toBeLessThan(1000);
    expect(countRequests(sim, STATE)).toBe(4);
  });

  it('retries a read whose attempt timed out', async () => {
    const { sim, instanceId } = await startedJourney();
    const client = v2Client(sim, { timeoutMs: 50 });
    sim.core.faults.add({ path: STATE, latencyMs: 300, count: 1 });

    await expect(client.fetchState({ instanceId })).resolves.toMatchObject({ instanceId });
    // The slow first attempt is journaled when it finishes, after the retry.
    await vi.waitFor(() => expect(countRequests(sim, STATE)).toBe(2), { timeout: 2000 });
  });

  it('retries a read after a reset connection', async () => {
    const { sim, client, instanceId } = await startedJourney();
    sim.core.faults.add({ path: STATE, reset: true, count: 2 });

    await expect(client.fetchState({ instanceId })).resolves.toMatchObject({ instanceId });
    expect(sim.core.journal.list({ path: STATE }).map((entry) => entry.status)).toEqual([0, 0, 200]);
  });

  it('computes the backoff as base × 2^(retry-1), capped', () => {
    const options = { ...DEFAULT_RETRY, baseDelayMs: 100, maxDelayMs: 1000 };
    expect([1, 2, 3, 4, 5, 6].map((retry) => backoffDelay(retry, options))).toEqual([100, 200, 400, 800, 1000, 1000]);
  });

  it('raises InternalServerError once the retries are used up, with the parsed body and request id', async () => {
    const { sim, client, instanceId } = await startedJourney();
    sim.core.faults.add({ path: STATE, status: 500 });

    const error = (await client.fetchState({ instanceId }).catch((caught) => caught)) as InternalServerError;

    expect(error).toBeInstanceOf(InternalServerError);
    expect(countRequests(sim, STATE)).toBe(1 + DEFAULT_RETRY.limit);
    const last = sim.core.journal.list({ path: STATE }).at(-1);
    expect(error.status).toBe(500);
    expect(error.requestId).toBe(last?.requestId);
    expect(error.errors[0]).toMatchObject({ code: '5000', name: 'INTERNAL_ERROR', location: 'Service' });
    expect(error.message).toBe(
      `500 5000 INTERNAL_ERROR: ${error.errors[0]?.problem} (Retry with exponential backoff.) [request ${last?.requestId}]`,
    );
  });

  it.each([
    [400, BadRequestError],
    [403, PermissionDeniedError],
    [404, NotFoundError],
    [405, MethodNotAllowedError],
    [409, ConflictError],
  ])('never retries %i (journal count 1)', async (status, ErrorClass) => {
    const { sim, client, instanceId } = await startedJourney();
    sim.core.faults.add({ path: STATE, status, count: 1 });

    const error = (await client.fetchState({ instanceId }).catch((caught) => caught)) as JourneyApiError;

    expect(error).toBeInstanceOf(ErrorClass);
    expect(error.status).toBe(status);
    expect(countRequests(sim, STATE)).toBe(1);
  });

  it('raises RateLimitError and ServiceUnavailableError when Retry-After retries run out, with the last Retry-After', async () => {
    const { sim, instanceId } = await startedJourney();
    const client = v2Client(sim, { retry: { limit: 1, baseDelayMs: 1 } });
    sim.core.faults.add({ path: STATE, status: 429, retryAfter: 0, count: 2 });
    await expect(client.fetchState({ instanceId })).rejects.toMatchObject({ constructor: RateLimitError, retryAfter: '0' });
    sim.core.faults.add({ path: STATE, status: 503, count: 2 });
    await expect(client.fetchState({ instanceId })).rejects.toMatchObject({ constructor: ServiceUnavailableError, retryAfter: undefined });
    expect(countRequests(sim, STATE)).toBe(4);
  });

  it('reads the specification error: 400 4002 MISSING_FIELD with its request id', async () => {
    const sim = await simulator();
    const client = v2Client(sim);

    const error = (await client
      .startJourney({ context: { config: { delivery: 'api' }, subject: {} } })
      .catch((caught) => caught)) as BadRequestError;

    expect(error).toBeInstanceOf(BadRequestError);
    expect(error.code).toBe('4002');
    const entry = sim.core.journal.list({ path: '*/journey/start' })[0];
    expect(error.message).toMatch(/^400 4002 MISSING_FIELD: .+ \(.+\) \[request [\w-]+\]$/);
    expect(error.message.endsWith(`[request ${entry?.requestId}]`)).toBe(true);
    expect(countRequests(sim, '*/journey/start')).toBe(1);
  });
});
