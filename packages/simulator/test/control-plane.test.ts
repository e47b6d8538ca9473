import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSimulator, loadJourneys, type RunningSimulator } from '../src/index.js';
import { IDS, JOURNEYS_DIR, SUBJECTS } from './harness.js';

// These run over a real loopback socket: connection resets and latency need one.
const sim = createSimulator({ journeys: await loadJourneys(JOURNEYS_DIR), clock: { manual: true }, seed: 7 });
let running: RunningSimulator;
let token: string;

beforeAll(async () => {
  running = await sim.listen();
});
afterAll(() => running.close());
beforeEach(async () => {
  await control('POST', '/reset');
  token = sim.issueToken();
});

async function control(method: string, path: string, body?: unknown) {
  const response = await fetch(`${running.url}/__sim${path}`, {
    method,
    ...(body !== undefined && { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  });
  return { status: response.status, body: await response.json() };
}

async function v2(path: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${running.url}/eu/v2/captain/journey/${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, text, headers: response.headers };
}

const START = { resourceId: IDS.dataCheckV2, context: { config: { delivery: 'api' }, subject: {} } };

describe('fault rules', () => {
  it('answers injected 503s with Retry-After for a count, then lets requests through', async () => {
    await control('POST', '/faults', { path: '*/journey/start', status: 503, retryAfter: 2, count: 2 });
    const first = await v2('start', START);
    expect(first.status).toBe(503);
    expect(first.headers.get('retry-after')).toBe('2');
    expect(JSON.parse(first.text).errors[0]).toMatchObject({ code: '5030', name: 'SERVICE_UNAVAILABLE', location: 'Service' });
    expect((await v2('start', START)).status).toBe(503);
    expect((await v2('start', START)).status).toBe(201);
    expect((await control('GET', '/faults')).body.faults).toEqual([]);
    const journal = (await control('GET', '/journal?path=*/journey/start')).body.entries;
    expect(journal.map((entry: { status: number }) => entry.status)).toEqual([503, 503, 201]);
    expect(journal[0].fault).toBe('fault-1');
  });

  it('renders injected errors in the v1 body on v1 paths', async () => {
    await control('POST', '/faults', { method: 'POST', path: '/eu/captain/api/*', status: 500, count: 1 });
    const response = await fetch(`${running.url}/eu/captain/api/journey/state/fetch`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ instanceId: 'x'.repeat(32) }),
    });
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({ status: 500, message: 'injected fault fault-1', error: 'internal-server-error' });
  });

  it('drops the connection for a reset fault', async () => {
    await control('POST', '/faults', { path: '*/journey/state/fetch', reset: true, count: 1 });
    await expect(v2('state/fetch', { instanceId: 'x'.repeat(32) })).rejects.toThrow(TypeError);
    expect((await v2('state/fetch', { instanceId: 'x'.repeat(32) })).status).toBe(404);
    // The journal records the dropped connection as status 0, and can be filtered by it.
    const reset = await control('GET', '/journal/count?path=*/journey/state/fetch&status=0');
    expect([reset.status, reset.body.count]).toEqual([200, 1]);
  });

  it('answers a malformed body for a malformed fault', async () => {
    await control('POST', '/faults', { path: '*/journey/start', malformed: true });
    const reply = await v2('start', START);
    expect(reply.status).toBe(200);
    expect(() => JSON.parse(reply.text)).toThrow(SyntaxError);
  });

  it('handles the request, then answers with the fault, for afterHandling: taken, its answer lost as a 504', async () => {
    await control('POST', '/faults', { path: '*/journey/start', status: 504, afterHandling: true, count: 1 });
    const reply = await v2('start', START, { 'x-request-id': 'after-handling-1' });
    expect(reply.status).toBe(504);
    expect(reply.headers.get('x-request-id')).toBe('after-handling-1');
    expect(JSON.parse(reply.text).errors[0]).toMatchObject({ code: '5040', name: 'GATEWAY_TIMEOUT', location: 'Service' });
    const journal = (await control('GET', '/journal?path=*/journey/start')).body.entries;
    expect(journal.map((entry: { status: number; fault?: string }) => [entry.status, entry.fault])).toEqual([[504, 'fault-1']]);
    // The journey exists although the caller was told 504.
    expect(sim.core.engine.get(journal[0].instanceId)?.status).toBe('InProgress');
    const refused = await control('POST', '/faults', { path: '*', latencyMs: 1, afterHandling: true });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain('afterHandling replaces the answer');
  });

  it('delays answers by latencyMs of real time', async () => {
    await control('POST', '/faults', { path: '*/journey/start', latencyMs: 150, count: 1 });
    const started = performance.now();
    expect((await v2('start', START)).status).toBe(201);
    expect(performance.now() - started).toBeGreaterThanOrEqual(145);
  });

  it("holds a delayed request to its own endpoint's body limit, and journals the status it answered", async () => {
    // Received in full before the delay under the journeys' 10 MiB limit; the token endpoint's own is 64 KiB.
    await control('POST', '/faults', { path: '/as/token.oauth2', latencyMs: 1, count: 1 });
    const form = new URLSearchParams({ grant_type: 'client_credentials', padding: 'x'.repeat(100 * 1024) });
    const token = await fetch(`${running.url}/as/token.oauth2`, { method: 'POST', body: form });
    expect(token.status).toBe(413);
    // Over the journeys' limit while receiving, before the delay: refused by the fault's own read.
    await control('POST', '/faults', { path: '*/journey/start', latencyMs: 1, count: 1 });
    expect((await v2('start', { ...START, padding: 'x'.repeat(11 * 1024 * 1024) })).status).toBe(413);
    const journal = (await control('GET', '/journal')).body.entries;
    expect(journal.map((entry: { path: string; status: number }) => [entry.path, entry.status])).toEqual([
      ['/as/token.oauth2', 413],
      ['/eu/v2/captain/journey/start', 413],
    ]);
  });

  it('handles a delayed request whose caller gave up during the delay, as a slow server that has it in full would', async () => {
    await control('POST', '/faults', { path: '*/journey/start', latencyMs: 150, count: 1 });
    const instancesBefore = sim.core.engine.size;

    const gaveUp = fetch(`${running.url}/eu/v2/captain/journey/start`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'x-request-id': 'abandoned-1' },
      body: JSON.stringify(START),
      signal: AbortSignal.timeout(30),
    });
    await expect(gaveUp).rejects.toMatchObject({ name: 'TimeoutError' });

    await vi.waitFor(() => expect(sim.core.journal.list({ path: '*/journey/start' })).toHaveLength(1), { timeout: 2000 });
    expect(sim.core.journal.list({ path: '*/journey/start' })[0]).toMatchObject({ status: 201, requestId: 'abandoned-1' });
    expect(sim.core.engine.size).toBe(instancesBefore + 1);
  });

  it('draws probabilistic faults from the seed: the same seed gives the same sequence', async () => {
    const draw = async () => {
      const seeded = createSimulator({ journeys: await loadJourneys(JOURNEYS_DIR), seed: 99 });
      seeded.core.faults.add({ path: '*', status: 500, probability: 0.5 });
      const auth = { authorization: `Bearer ${seeded.issueToken()}`, 'content-type': 'application/json' };
      const statuses: number[] = [];
      for (let i = 0; i < 20; i += 1) {
        const response = await seeded.fetch('http://sim/eu/v2/captain/journey/state/fetch', {
          method: 'POST',
          headers: auth,
          body: JSON.stringify({ instanceId: 'x'.repeat(32) }),
        });
        statuses.push(response.status);
      }
      return statuses;
    };
    const first = await draw();
    expect(first).toEqual(await draw());
    expect(first).toContain(500);
    expect(first).toContain(404);
  });

  it('matches a pattern made to backtrack against a 10k-character path, in fault rules and journal queries', async () => {
    const pattern = `${'*'.repeat(50)}X`;
    const long = `/eu/v2/captain/journey/${'a'.repeat(10_000)}`;
    await control('POST', '/faults', { path: pattern, status: 503 });
    expect((await fetch(`${running.url}${long}`, { method: 'POST' })).status).toBe(404);
    expect((await fetch(`${running.url}${long}X`, { method: 'POST' })).status).toBe(503);
    const query = encodeURIComponent(pattern);
    expect((await control('GET', `/journal?path=${query}`)).body.entries.map((entry: { status: number }) => entry.status)).toEqual([503]);
    expect((await control('GET', `/journal/count?path=${query.slice(0, -1)}a`)).body.count).toBe(1);
  });

  it('refuses a fault rule without an effect, naming the problem', async () => {
    const reply = await control('POST', '/faults', { path: '*' });
    expect(reply.status).toBe(400);
    expect(reply.body.errors[0].problem).toContain('at least one effect');
  });
});

describe('request journal', () => {
  it('records every request with status, request id and the submitted participants, and can be cleared', async () => {
    const start = await v2('start', { ...START, context: { ...START.context, subject: {} } }, { 'x-request-id': 'caller-req-1' });
    expect(start.headers.get('x-request-id')).toBe('caller-req-1');
    const { instanceId } = JSON.parse(start.text);
    const fetched = JSON.parse((await v2('interaction/fetch', { instanceId })).text);
    await v2('interaction/submit', {
      instanceId,
      interactionId: fetched.interactionId,
      participants: [{ domainElementId: 'FullName' }],
      context: { subject: SUBJECTS.fullName },
    });
    const { entries } = (await control('GET', `/journal?instanceId=${instanceId}`)).body;
    expect(entries.map((entry: { path: string; status: number }) => [entry.path, entry.status])).toEqual([
      ['/eu/v2/captain/journey/start', 201],
      ['/eu/v2/captain/journey/interaction/fetch', 200],
      ['/eu/v2/captain/journey/interaction/submit', 200],
    ]);
    expect(entries[0].requestId).toBe('caller-req-1');
    expect(entries[2].participants).toEqual(['FullName']);
    expect(JSON.stringify(entries)).not.toContain('Lovelace');
    expect((await control('GET', '/journal/count?method=POST&status=200')).body.count).toBe(2);
    await control('DELETE', '/journal');
    expect((await control('GET', '/journal/count')).body.count).toBe(0);
  });

  it.each([
    ['/journal?status=abc', /status must be an HTTP status code from 100 to 599, or 0 for a reset connection, got "abc"/],
    ['/journal/count?status=00', /status must be an HTTP status code/],
    ['/journal/count?status=20', /status must be an HTTP status code/],
    ['/journal/count?status=200.0', /status must be an HTTP status code/],
    ['/journal/count?staus=200', /unknown journal filter "staus": filter by method, path, status, instanceId/],
  ])('refuses a bad filter, %s, with a 400 naming it rather than counting nothing', async (path, problem) => {
    const { status, body } = await control('GET', path);
    expect(status).toBe(400);
    expect(body.errors[0]).toMatchObject({ name: 'INVALID_FIELD', location: 'Query String', problem: expect.stringMatching(problem) });
  });
});

describe('clock', () => {
  it('moves module latency and token expiry only when advanced in manual mode', async () => {
    const start = await v2('start', { ...START, context: { ...START.context, subject: SUBJECTS.person } });
    const { instanceId } = JSON.parse(start.text);
    const before = (await control('GET', '/clock')).body;
    expect(before).toMatchObject({ manual: true, scale: 1 });
    const status = async () => JSON.parse((await v2('state/fetch', { instanceId })).text).status;
    expect(await status()).toBe('InProgress');
    const after = (await control('POST', '/clock/advance', { ms: 1200 })).body;
    expect(after.epochMs - before.epochMs).toBe(1200);
    expect(await status()).toBe('Completed');
  });

  it('runs scaled real time: a 1200 ms module at scale 1000 finishes within a few real milliseconds', async () => {
    await control('POST', '/clock', { manual: false, scale: 1000 });
    try {
      const { instanceId } = JSON.parse((await v2('start', { ...START, context: { ...START.context, subject: SUBJECTS.person } })).text);
      await new Promise((resolve) => setTimeout(resolve, 5));
      expect(JSON.parse((await v2('state/fetch', { instanceId })).text).status).toBe('Completed');
    } finally {
      await control('POST', '/clock', { manual: true });
    }
  });
});

describe('HTTP hygiene', () => {
  it('generates an X-Request-ID when none (or an unusable one) is sent', async () => {
    const reply = await v2('state/fetch', { instanceId: 'x' }, { 'x-request-id': 'bad id with spaces' });
    expect(reply.headers.get('x-request-id')).toMatch(/^[0-9a-f]{32}$/);
    const health = await fetch(`${running.url}/__sim/health`);
    expect(health.headers.get('x-request-id')).toMatch(/^[0-9a-f]{32}$/);
  });

  it("returns the caller's X-Request-ID on every kind of answer", async () => {
    const id = { 'x-request-id': 'caller-req-2' };
    const { instanceId } = JSON.parse((await v2('start', START, id)).text);
    const answers = [await v2('state/fetch', { instanceId }, id)];
    answers.push(await v2('state/fetch', { instanceId: 'x'.repeat(32) }, id));
    answers.push(await v2('state/fetch', 'not an object', id));
    await control('POST', '/faults', { path: '*/state/fetch', status: 503, count: 1 });
    answers.push(await v2('state/fetch', { instanceId }, id));
    await control('POST', '/faults', { path: '*/state/fetch', malformed: true, count: 1 });
    answers.push(await v2('state/fetch', { instanceId }, id));
    const unknown = await fetch(`${running.url}/eu/v2/captain/journey/teleport`, { method: 'POST', headers: id });
    expect([...answers.map((answer) => answer.status), unknown.status]).toEqual([200, 404, 400, 503, 200, 404]);
    expect([...answers.map((answer) => answer.headers.get('x-request-id')), unknown.headers.get('x-request-id')]).toEqual(
      Array(6).fill('caller-req-2'),
    );
  });

  it('answers 405 with Allow for a wrong method and 404 for an unknown path, in the surface shape', async () => {
    const get = await fetch(`${running.url}/eu/v2/captain/journey/state/fetch`);
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
    expect((await get.json()).errors[0]).toMatchObject({ code: '4050', name: 'METHOD_NOT_ALLOWED' });
    const v1Get = await fetch(`${running.url}/captain/api/journey/task/list`, { method: 'PUT' });
    expect(await v1Get.json()).toMatchObject({ status: 405, error: 'method-not-allowed-error' });
    const unknown = await fetch(`${running.url}/eu/v2/captain/journey/teleport`, { method: 'POST' });
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).errors[0]).toMatchObject({ code: '4040', location: 'Path' });
    expect((await fetch(`${running.url}/xx/v2/captain/journey/start`, { method: 'POST' })).status).toBe(404);
  });

  it('refuses a wrong content type (415), invalid JSON (400), a non-object body (400) and an oversized body (413)', async () => {
    const raw = (body: string, type = 'application/json') =>
      fetch(`${running.url}/eu/v2/captain/journey/start`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': type },
        body,
      });
    const text = await raw(JSON.stringify(START), 'text/plain');
    expect(text.status).toBe(415);
    const broken = await raw('{"resourceId": "secret-123-45-6789",');
    expect(broken.status).toBe(400);
    const brokenBody = await broken.text();
    expect(brokenBody).toContain('the request body is not valid JSON');
    expect(brokenBody).not.toContain('6789');
    expect((await raw('[1,2]')).status).toBe(400);
    const huge = await raw(JSON.stringify({ ...START, padding: 'x'.repeat(11 * 1024 * 1024) }));
    expect(huge.status).toBe(413);
    expect((await huge.json()).errors[0].name).toBe('PAYLOAD_TOO_LARGE');
    // Still serving.
    expect((await raw(JSON.stringify(START))).status).toBe(201);
  });

  it('refuses an oversized body sent without Content-Length with 413, reads the rest, and keeps serving', async () => {
    // Chunked: the limit is found while reading, not from a declared length.
    const chunks = async function* () {
      yield new TextEncoder().encode('{"padding": "');
      for (let sent = 0; sent < 11; sent += 1) yield new Uint8Array(1024 * 1024).fill(120);
      yield new TextEncoder().encode('"}');
    };
    const huge = await fetch(`${running.url}/eu/v2/captain/journey/start`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      // Node's fetch sends an async iterable as a chunked body; the DOM typings do not say so.
      body: chunks() as unknown as BodyInit,
      duplex: 'half',
    } as RequestInit);
    expect(huge.status).toBe(413);
    expect(huge.headers.get('connection')).not.toBe('close');
    expect((await huge.json()).errors[0].name).toBe('PAYLOAD_TOO_LARGE');
    expect((await v2('start', START)).status).toBe(201);
  });

  it('resets instances, faults and the journal', async () => {
    const { instanceId } = JSON.parse((await v2('start', START)).text);
    await control('POST', '/faults', { path: '/never', status: 500 });
    await control('POST', '/reset');
    expect((await control('GET', '/health')).body).toMatchObject({ status: 'ok', instances: 0 });
    expect((await control('GET', '/faults')).body.faults).toEqual([]);
    expect((await control('GET', '/journal/count')).body.count).toBe(0);
    expect((await v2('state/fetch', { instanceId }, { authorization: `Bearer ${sim.issueToken()}` })).status).toBe(404);
  });

  it('lists the published journeys', async () => {
    const journeys = (await control('GET', '/journeys')).body;
    expect(journeys.map((journey: { id: string }) => journey.id)).toEqual([
      'account-opening',
      'data-check',
      'device-selfie',
      'document-selfie',
      'dual-source-check',
      'fraud-screen',
      'onboarding',
    ]);
  });
});
