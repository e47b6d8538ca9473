import { describe, expect, it } from 'vitest';
import { createSimulator, loadJourneys, SimulatorOptionError } from '../src/index.js';
import { IDS, JOURNEYS_DIR, SUBJECTS } from './harness.js';

// The simulator as other teams' suites use it: reset between tests, clients of their own, their clients' timeouts.
const journeys = await loadJourneys(JOURNEYS_DIR);
const person = { identity: { ...SUBJECTS.fullName.identity, ...SUBJECTS.dateOfBirth.identity } };

const post = (sim: ReturnType<typeof createSimulator>, url: string, body: object, init: RequestInit = {}) =>
  sim.fetch(url, {
    method: 'POST',
    headers: { authorization: `Bearer ${sim.issueToken()}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
    ...init,
  });

describe('a reset between two tests', () => {
  it('ends a synchronous start still waiting for its modules with 404, out of the next test’s journal', async () => {
    const sim = createSimulator({ journeys, clock: { manual: true } });
    // Prefilled: the synchronous start waits for the data check's modules, which a manual clock never runs.
    const waiting = post(sim, 'http://sim.test/eu/captain/api/journey/start', {
      resourceId: IDS.dataCheckV1,
      context: { subject: person },
    });
    await expect.poll(() => sim.core.engine.size).toBe(1);
    sim.core.reset();
    const answer = await waiting;
    expect(answer.status).toBe(404);
    expect((await answer.json()).message).toMatch(/reset while this synchronous start waited/);
    // The next test advances the clock and reads its journal: the old start is in neither.
    sim.core.clock.advance(60_000);
    expect(sim.core.journal.count()).toBe(0);
    expect(sim.core.engine.size).toBe(0);
  });
});

describe('many synchronous starts waiting at once', () => {
  it('wait without a listener-leak warning: each listens for a reset', async () => {
    const sim = createSimulator({ journeys, clock: { manual: true } });
    const warnings: string[] = [];
    const warned = (warning: Error) => warnings.push(warning.name);
    process.on('warning', warned);
    const starts = Array.from({ length: 12 }, () =>
      post(sim, 'http://sim.test/eu/captain/api/journey/start', { resourceId: IDS.dataCheckV1, context: { subject: person } }),
    );
    await expect.poll(() => sim.core.engine.size).toBe(12);
    sim.core.clock.advance(60_000);
    expect((await Promise.all(starts)).map(({ status }) => status)).toEqual(Array(12).fill(201));
    // Emitted on the next tick of the first listener past the limit.
    await new Promise((resolve) => setImmediate(resolve));
    process.off('warning', warned);
    expect(warnings).toEqual([]);
  });
});

describe('in-process fetch', () => {
  it('rejects with the reason of a signal already aborted, and starts nothing', async () => {
    const sim = createSimulator({ journeys });
    const reason = new DOMException('the test gave up', 'AbortError');
    const started = post(
      sim,
      'http://sim.test/eu/v2/captain/journey/start',
      { resourceId: IDS.dataCheckV2, context: { config: { delivery: 'api' }, subject: {} } },
      {
        signal: AbortSignal.abort(reason),
      },
    );
    await expect(started).rejects.toBe(reason);
    expect(sim.core.engine.size).toBe(0);
    expect(sim.core.journal.count()).toBe(0);
  });

  it('rejects as the caller’s timeout fires, not when a slow answer comes', async () => {
    const sim = createSimulator({ journeys });
    sim.core.faults.add({ path: '*', latencyMs: 60_000 });
    const call = post(sim, 'http://sim.test/eu/v2/captain/journey/health', {}, { signal: AbortSignal.timeout(50) });
    // Far past the test's timeout, had it waited for the answer.
    await expect(call).rejects.toMatchObject({ name: 'TimeoutError' });
  });

  it('takes the region from the URL’s host, as served on a port it takes it from the Host header', async () => {
    const sim = createSimulator({ journeys });
    const started = await post(sim, 'http://us.sim.test/v2/captain/journey/start', {
      resourceId: IDS.fraudV2,
      context: { config: { delivery: 'api' }, subject: {} },
    });
    expect(started.status).toBe(201);
  });
});

describe('clients given to createSimulator', () => {
  it('take the clients file’s defaults: a client without permissions holds them all', async () => {
    const sim = createSimulator({ journeys, clients: [{ clientId: 'tenant-a', clientSecret: 's3cret' } as never] });
    const token = sim.issueToken('tenant-a');
    const started = await sim.fetch('http://sim.test/eu/v2/captain/journey/start', {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ resourceId: IDS.dataCheckV2, context: { config: { delivery: 'api' }, subject: {} } }),
    });
    expect(started.status).toBe(201);
  });

  it.each([
    [[{ clientId: 'a', clientSecret: 's', permissions: 'journey.read' }], 'clients: 0.permissions'],
    [[{ clientId: 'a', clientSecret: 's', permissions: ['journey.everything'] }], 'clients: 0.permissions.0'],
    [
      [
        { clientId: 'a', clientSecret: 's' },
        { clientId: 'a', clientSecret: 't' },
      ],
      'clients: 1.clientId: repeats',
    ],
  ])('refuse %j, naming where, never a secret', (clients, where) => {
    const make = () => createSimulator({ journeys, clients: clients as never });
    expect(make).toThrow(SimulatorOptionError);
    expect(make).toThrow(where);
    expect(make).not.toThrow(/"s"|"t"/);
  });
});

describe('injected faults', () => {
  it.each([
    [401, 'Authorization'],
    [504, 'Service'],
  ])('answer %i with a location and an action, as a real refusal would', async (status, location) => {
    const sim = createSimulator({ journeys });
    sim.core.faults.add({ path: '*', status });
    const answer = await post(sim, 'http://sim.test/eu/v2/captain/journey/state/fetch', { instanceId: 'x' });
    expect(answer.status).toBe(status);
    expect((await answer.json()).errors[0]).toMatchObject({ location, action: expect.stringMatching(/\w/) });
  });
});

describe('close()', () => {
  it('ends a kept-alive connection as soon as its last answer is out, not at the keep-alive timeout', async () => {
    const sim = createSimulator({ journeys });
    const running = await sim.listen();
    // One answer first, so the next request goes on a kept-alive connection; it is then held 100 ms.
    await (await fetch(`${running.url}/__sim/health`)).text();
    sim.core.faults.add({ path: '*', latencyMs: 100, count: 1 });
    const answer = fetch(`${running.url}/eu/v2/captain/journey/health`, {
      method: 'POST',
      headers: { authorization: `Bearer ${sim.issueToken()}` },
    });
    // The rule is used up as the request arrives: close while it is being answered.
    await expect.poll(() => sim.core.faults.list().length).toBe(0);
    const closing = running.close();
    expect((await answer).status).toBe(200);
    // Node's keep-alive timeout is 5 s: a close that waited for it would lose this race.
    const outcome = await Promise.race([closing.then(() => 'closed'), new Promise((resolve) => setTimeout(resolve, 2000, 'waited'))]);
    expect(outcome).toBe('closed');
  });
});
