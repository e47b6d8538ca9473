import { describe, expect, it, vi } from 'vitest';
import { ClientOptionsError, staticToken, TimeoutError } from '../src/index.js';
import { countRequests, DATA_CHECK_V2, loopbackV2Client, simulator, startDataCheck, v2Client } from './simulator.js';

const STATE = '*/journey/state/fetch';
const START = '*/journey/start';

async function startedJourney(options: Parameters<typeof v2Client>[1] = {}) {
  const sim = await simulator();
  const client = v2Client(sim, options);
  const { instanceId } = await startDataCheck(client);
  return { sim, client, instanceId };
}

/** The same over a real loopback socket, through the undici transport. */
async function loopbackJourney(options: Parameters<typeof v2Client>[1] = {}) {
  const sim = await simulator();
  // Started, and its token issued, outside `options`: a 50 ms deadline is for the call under test, not for a busy
  // machine's setup.
  const { instanceId } = await startDataCheck(await loopbackV2Client(sim));
  const client = await loopbackV2Client(sim, { auth: staticToken(sim.issueToken()), ...options });
  return { sim, client, instanceId };
}

/** The first attempt goes straight to the fetch; ky takes over from one that did not succeed. */
describe('attempts', () => {
  it('a first attempt that succeeds is the only request, with token and body accepted', async () => {
    const { sim, client, instanceId } = await startedJourney();

    await expect(client.fetchState({ instanceId })).resolves.toMatchObject({ instanceId, status: 'InProgress' });

    expect(sim.core.journal.list({ path: STATE }).map((entry) => entry.status)).toEqual([200]);
  });

  it('a failed first attempt is retried by ky with a request id of its own', async () => {
    const { sim, client, instanceId } = await startedJourney();
    sim.core.faults.add({ path: STATE, status: 503, retryAfter: 0, count: 1 });

    const state = await client.fetchState({ instanceId });

    const attempts = sim.core.journal.list({ path: STATE });
    expect(attempts.map((entry) => entry.status)).toEqual([503, 200]);
    expect(new Set(attempts.map((entry) => entry.requestId)).size).toBe(2);
    expect(state.requestId).toBe(attempts[1]?.requestId);
  });

  it.each([
    ['in-process, through a fetch that ignores the abort', startedJourney],
    ['over the undici transport', loopbackJourney],
  ])('%s: an abort while the first attempt is in flight rejects with its reason and sends nothing more', async (_, journey) => {
    const { sim, client, instanceId } = await journey();
    sim.core.faults.add({ path: STATE, latencyMs: 300, count: 1 });
    const controller = new AbortController();
    const reason = new Error('the caller left');

    const call = client.fetchState({ instanceId }, { signal: controller.signal });
    setTimeout(() => controller.abort(reason), 20);

    await expect(call).rejects.toBe(reason);
    // The abandoned attempt is journaled when its latency has passed; nothing follows it.
    await vi.waitFor(() => expect(countRequests(sim, STATE)).toBe(1), { timeout: 2000 });
    expect(countRequests(sim, STATE)).toBe(1);
  });

  it('an abort during the backoff after a failed first attempt stops the call at once', async () => {
    const { sim, client, instanceId } = await startedJourney({ retry: { baseDelayMs: 60_000, jitter: false } });
    sim.core.faults.add({ path: STATE, status: 500, count: 1 });
    const controller = new AbortController();
    const reason = new Error('the caller left');

    const started = performance.now();
    const call = client.fetchState({ instanceId }, { signal: controller.signal });
    await vi.waitFor(() => expect(countRequests(sim, STATE)).toBe(1));
    controller.abort(reason);

    await expect(call).rejects.toBe(reason);
    expect(performance.now() - started).toBeLessThan(5000);
    expect(countRequests(sim, STATE)).toBe(1);
  });

  it('an already aborted signal sends nothing', async () => {
    const { sim, client, instanceId } = await startedJourney();
    const reason = new Error('gone before the call');

    await expect(client.fetchState({ instanceId }, { signal: AbortSignal.abort(reason) })).rejects.toBe(reason);
    expect(countRequests(sim, STATE)).toBe(0);
  });

  it.each([0, -1, Number.NaN, 2 ** 31])('refuses timeoutMs %s, for the client and for a call', async (timeoutMs) => {
    const { client, instanceId, sim } = await startedJourney();

    expect(() => v2Client(sim, { timeoutMs })).toThrow(ClientOptionsError);
    await expect(client.fetchState({ instanceId }, { timeoutMs })).rejects.toThrow(/timeoutMs of the call must be a number of ms from 1/);
    expect(countRequests(sim, STATE)).toBe(0);
  });
});

/** ky's per-attempt deadline over a real socket: the undici request is cut, not left running. */
describe('attempts over the undici transport', () => {
  it('a read whose first attempt times out is retried, and the late attempt was cut', async () => {
    const { sim, client, instanceId } = await loopbackJourney({ timeoutMs: 50 });
    sim.core.faults.add({ path: STATE, latencyMs: 300, count: 1 });

    const started = performance.now();
    await expect(client.fetchState({ instanceId })).resolves.toMatchObject({ instanceId });

    expect(performance.now() - started).toBeLessThan(300);
    // The simulator journals a request when it is done with it: the retry's answer came first, the cut attempt after.
    await vi.waitFor(() => expect(countRequests(sim, STATE)).toBe(2), { timeout: 2000 });
    expect(sim.core.journal.list({ path: STATE })[0]?.status).toBe(200);
  });

  it('a start that times out raises TimeoutError after one attempt', async () => {
    const sim = await simulator();
    const client = await loopbackV2Client(sim, { timeoutMs: 50 });
    sim.core.faults.add({ path: START, latencyMs: 300, count: 1 });

    const error = await client
      .startJourney({ resourceId: DATA_CHECK_V2, context: { config: { delivery: 'api' }, subject: {} } })
      .catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(TimeoutError);
    expect((error as TimeoutError).message).toContain('no response within 50 ms');
    // The simulator had the request in full and created the journey after the client gave up, as a real one may.
    await vi.waitFor(() => expect(countRequests(sim, START)).toBe(1), { timeout: 2000 });
    expect(sim.core.journal.list({ path: START }).map((entry) => [entry.status, entry.requestId])).toEqual([
      [201, (error as TimeoutError).requestId],
    ]);
  });
});
