import { ClientOptionsError, type V1Api } from '@journey-bridge/client';
import { PLATFORM_HOST } from '@journey-bridge/contract';
import { createSimulator, type Simulator } from '@journey-bridge/simulator';
import { afterEach, describe, expect, it } from 'vitest';
import { AdapterError, createV1CompatFetch, installV1Compat, V1CompatInstalledError, V1CompatOptionsError } from '../src/index.js';
import { createTarget, interceptorOverV2, journeyMap, journeys, LIVE_DIALECTS } from './targets.js';
import { describeV1Behaviour } from './v1-behaviour-suite.js';

describeV1Behaviour('plain HTTP v1 calls through the in-process fetch interceptor on the v2 surface', () =>
  createTarget('v2', interceptorOverV2),
);
for (const [name, dialect] of Object.entries(LIVE_DIALECTS)) {
  describeV1Behaviour(
    `the interceptor on the v2 surface, answering in ${name} dialect`,
    () => createTarget('v2', interceptorOverV2, dialect),
    dialect,
  );
}

/**
 * A v1 caller on http://legacy.example whose calls an interceptor over an in-process simulator answers; every
 * answer is the interceptor's own, a call about an instance v2 does not know included (it is not sent to v1).
 */
function legacyCaller() {
  const sim = createSimulator({ journeys });
  const compat = createV1CompatFetch({ upstream: 'http://sim.test/eu/v2/captain/', journeyMap, fetch: sim.fetch, finishV1Journeys: false });
  const call = (path: string, body: unknown) =>
    compat(`http://legacy.example/eu/captain/api/journey/${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${sim.issueToken()}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  return { sim, call };
}

describe('installV1Compat', () => {
  let uninstall: (() => void) | undefined;
  afterEach(() => uninstall?.());

  it('wraps globalThis.fetch for v1 journey calls, passes everything else through, and uninstalls', async () => {
    const sim = createSimulator({ journeys, clock: { manual: true } });
    const { url, close } = await sim.listen();
    try {
      const original = globalThis.fetch;
      uninstall = installV1Compat({ upstream: `${url}/eu/v2/captain/`, journeyMap });
      expect(globalThis.fetch).not.toBe(original);
      const token = sim.issueToken();
      // A legacy call, unchanged but for the base URL it already had: served by the adapter over v2.
      const started = await fetch(`${url}/eu/captain/api/journey/start`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'x-request-id': 'legacy-1' },
        body: JSON.stringify({ resourceId: 'a1d7c3f0data-check-v1@latest', context: { config: { async: true }, subject: {} } }),
      });
      expect(started.status).toBe(201);
      const { instanceId } = await started.json();
      const [entry] = sim.core.journal.list();
      expect(entry?.path).toBe('/eu/v2/captain/journey/start');
      // The caller's X-Request-ID went upstream; the upstream's came back.
      expect(entry?.requestId).toBe('legacy-1');
      expect(started.headers.get('x-request-id')).toBe('legacy-1');
      // Not a v1 path: untouched.
      const health = await fetch(`${url}/__sim/health`);
      expect((await health.json()).instances).toBe(1);
      expect(
        (
          await fetch(`${url}/eu/v2/captain/journey/state/fetch`, {
            method: 'POST',
            headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
            body: JSON.stringify({ instanceId }),
          })
        ).status,
      ).toBe(200);
      uninstall();
      uninstall = undefined;
      expect(globalThis.fetch).toBe(original);
    } finally {
      await close();
    }
  });

  it('takes effect when uninstalled under a patch made over it: v1 calls reach v1 again, through the patch', async () => {
    const sim = createSimulator({ journeys, clock: { manual: true } });
    const { url, close } = await sim.listen();
    const original = globalThis.fetch;
    try {
      uninstall = installV1Compat({ upstream: `${url}/eu/v2/captain/`, journeyMap });
      // A tracer patches fetch after the interceptor, as APM libraries do, and puts back what it found when removed.
      const underTracer = globalThis.fetch;
      const tracer: typeof fetch = (input, init) => underTracer(input, init);
      globalThis.fetch = tracer;
      const token = sim.issueToken();
      const start = async () =>
        (
          await fetch(`${url}/eu/captain/api/journey/start`, {
            method: 'POST',
            headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
            body: JSON.stringify({ resourceId: 'a1d7c3f0data-check-v1@latest', context: { config: { async: true }, subject: {} } }),
          })
        ).status;
      expect(await start()).toBe(201);
      uninstall();
      uninstall = undefined;
      // The tracer's patch stays, and its calls now pass through the interceptor untouched.
      expect(globalThis.fetch).toBe(tracer);
      expect(await start()).toBe(201);
      globalThis.fetch = underTracer;
      expect(await start()).toBe(201);
      expect(sim.core.journal.list().map((entry) => entry.path)).toEqual([
        '/eu/v2/captain/journey/start',
        '/eu/captain/api/journey/start',
        '/eu/captain/api/journey/start',
      ]);
    } finally {
      globalThis.fetch = original;
      await close();
    }
  });

  it('refuses a second install while one is active, leaving fetch as it was, and takes one after the uninstall', () => {
    const sim = createSimulator({ journeys });
    uninstall = installV1Compat({ upstream: 'http://sim.test/eu/v2/captain/', journeyMap, fetch: sim.fetch });
    const installed = globalThis.fetch;
    const second = () =>
      installV1Compat({
        upstream: 'http://sim.test/eu/v2/captain/',
        journeyMap: { 'c3f9e5b2doc-selfie-v1': 'd4a0f6c3doc-selfie-v2' },
        fetch: sim.fetch,
      });
    expect(second).toThrow(V1CompatInstalledError);
    expect(second).toThrow(AdapterError);
    expect(second).toThrow('pass one journey map with every entry');
    expect(globalThis.fetch).toBe(installed);
    uninstall();
    // An uninstall that has run once does nothing more: it does not lift the install that follows it.
    const first = uninstall;
    uninstall = second();
    first();
    expect(second).toThrow(V1CompatInstalledError);
  });

  it('refuses an install while an older copy of the package has one, which kept its wrapper alone', () => {
    const sim = createSimulator({ journeys });
    const original = globalThis.fetch;
    const key = Symbol.for('@journey-bridge/adapter.installV1Compat');
    const kept = globalThis as { [key]?: unknown };
    // What an older copy's install leaves: fetch wrapped, and the wrapper (not an install record) under the symbol.
    const olderWrapper: typeof globalThis.fetch = (input, init) => original(input, init);
    globalThis.fetch = olderWrapper;
    kept[key] = olderWrapper;
    try {
      const install = () => installV1Compat({ upstream: 'http://sim.test/eu/v2/captain/', journeyMap, fetch: sim.fetch });
      expect(install).toThrow(V1CompatInstalledError);
      expect(globalThis.fetch).toBe(olderWrapper);
      // The older copy's uninstall removes its wrapper: an install is taken then.
      delete kept[key];
      globalThis.fetch = original;
      uninstall = install();
      expect(globalThis.fetch).not.toBe(original);
    } finally {
      if (kept[key] === olderWrapper) delete kept[key];
      if (globalThis.fetch === olderWrapper) globalThis.fetch = original;
    }
  });

  it('takes a new install once a patcher restores the fetch it saved beneath one, and still refuses one under a tracer', () => {
    const sim = createSimulator({ journeys });
    const original = globalThis.fetch;
    const uninstalls: (() => void)[] = [];
    const install = () => {
      const undo = installV1Compat({ upstream: 'http://sim.test/eu/v2/captain/', journeyMap, fetch: sim.fetch });
      uninstalls.push(undo);
      return undo;
    };
    try {
      // Something that saved fetch just before the install puts it back: the install reaches nothing, another is taken.
      const first = install();
      globalThis.fetch = original;
      const second = install();
      first();
      second();
      expect(globalThis.fetch).toBe(original);
      // An msw-style patcher saves fetch and patches it; the install wraps the patch; the patcher puts back what it saved.
      const saved = globalThis.fetch;
      globalThis.fetch = (input, init) => saved(input, init);
      const stale = install();
      globalThis.fetch = saved;
      // The stale install reaches nothing now: a new one is taken, and the stale uninstall leaves it in place.
      const current = install();
      const installed = globalThis.fetch;
      expect(installed).not.toBe(saved);
      stale();
      expect(globalThis.fetch).toBe(installed);
      expect(install).toThrow(V1CompatInstalledError);
      // A tracer patched over the wrapper still reaches it: that install is in effect.
      globalThis.fetch = (input, init) => installed(input, init);
      expect(install).toThrow(V1CompatInstalledError);
      globalThis.fetch = installed;
      current();
      expect(globalThis.fetch).toBe(saved);
    } finally {
      for (const undo of uninstalls) undo();
      globalThis.fetch = original;
    }
  });

  it('hands a URL it cannot parse to fetch as it came, so that the caller gets fetch’s own error', async () => {
    const sim = createSimulator({ journeys });
    const native = await fetch('/eu/captain/api/journey/start').catch((error: Error) => error);
    uninstall = installV1Compat({ upstream: 'http://sim.test/eu/v2/captain/', journeyMap, fetch: sim.fetch });
    for (const relative of ['/other', '/eu/captain/api/journey/start']) {
      await expect(fetch(relative)).rejects.toMatchObject({ name: 'TypeError', message: `Failed to parse URL from ${relative}` });
    }
    expect(native).toMatchObject({ name: 'TypeError', message: 'Failed to parse URL from /eu/captain/api/journey/start' });
  });

  it('rejects with the abort reason when the caller aborts, as fetch does', async () => {
    const sim = createSimulator({ journeys });
    uninstall = installV1Compat({ upstream: 'http://sim.test/eu/v2/captain/', journeyMap, fetch: sim.fetch });
    const controller = new AbortController();
    const pending = fetch('http://legacy.example/captain/api/journey/state/fetch', {
      method: 'POST',
      headers: { authorization: `Bearer ${sim.issueToken()}`, 'content-type': 'application/json' },
      body: JSON.stringify({ instanceId: 'f'.repeat(32) }),
      signal: controller.signal,
    });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('answers 401 in the v1 body without an upstream call when the caller sends no token', async () => {
    const sim = createSimulator({ journeys });
    uninstall = installV1Compat({ upstream: 'http://sim.test/eu/v2/captain/', journeyMap, fetch: sim.fetch });
    const reply = await fetch('http://legacy.example/captain/api/journey/task/list', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ instanceId: 'x'.repeat(32) }),
    });
    expect(reply.status).toBe(401);
    expect(await reply.json()).toEqual({
      status: 401,
      message: 'the Authorization header must be "Bearer <access token>"',
      error: 'unauthorized-error',
    });
    expect(sim.core.journal.count()).toBe(0);
  });

  it('passes a Request object with a body through intact', async () => {
    const sim = createSimulator({ journeys });
    uninstall = installV1Compat({ upstream: 'http://sim.test/eu/v2/captain/', journeyMap, fetch: sim.fetch });
    const request = new Request('http://sim.test/eu/v2/captain/journey/state/fetch', {
      method: 'POST',
      headers: { authorization: `Bearer ${sim.issueToken()}`, 'content-type': 'application/json' },
      body: JSON.stringify({ instanceId: 'f'.repeat(32) }),
    });
    const reply = await fetch(request);
    expect(reply.status).toBe(404);
    expect((await reply.json()).errors[0].problem).toContain('ffffffff');
  });

  it('finishes a journey whose tenant refuses the caller’s token on interactions, as the shim does (interactionAuth auto)', async () => {
    const sim = createSimulator({ journeys, clock: { manual: true } });
    const { url, close } = await sim.listen();
    try {
      uninstall = installV1Compat({ upstream: `${url}/eu/v2/captain/`, journeyMap });
      const token = sim.issueToken();
      const call = async (path: string, body: unknown) => {
        const reply = await fetch(`${url}/eu/captain/api/journey/${path}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
        expect(reply.status).toBeLessThan(300);
        return reply.json();
      };
      const b64 = (text: string) => Buffer.from(text).toString('base64');
      const { instanceId } = await call('start', {
        resourceId: 'e1a5c7d9device-selfie-v1@latest',
        context: { config: { async: true }, subject: {} },
      });
      const steps: [Record<string, unknown>, number][] = [
        [{ documents: [{ side1Image: b64('front of the document') }] }, 1800],
        [{ biometrics: [{ selfieImage: b64('a face') }] }, 1200],
      ];
      for (const [subject, ms] of steps) {
        const { tasks } = await call('task/list', { instanceId });
        await call('task/update', { intent: 'Complete', instanceId, taskId: tasks[0].taskId, context: { subject } });
        sim.core.clock.advance(ms);
      }
      const state = await call('state/fetch', { instanceId });
      expect(state.status).toBe('Completed');
      expect(sim.core.journal.count({ path: '*/journey/device/start', instanceId })).toBe(1);
    } finally {
      await close();
    }
  });

  /**
   * One data-check journey through plain v1 calls on the simulator's v1 base, started and listed before `install`
   * runs and finished after it; answers are returned with the instance and task ids named, not spelled.
   */
  async function v1Journey(sim: Simulator, url: string, install: () => void) {
    const token = sim.issueToken();
    // `fetch` is read at each call: after the install it is the interceptor.
    // `streamed`: the body as a stream of one string, read once, so kept for v1 as it is read rather than given again.
    const call = async (path: string, body: unknown, streamed = false) => {
      const text = JSON.stringify(body);
      const stream = new ReadableStream({
        start(controller) {
          controller.enqueue(text);
          controller.close();
        },
      });
      const answer = await fetch(`${url}/eu/captain/api/journey/${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: streamed ? stream : text,
        duplex: 'half',
      } as RequestInit);
      return { status: answer.status, body: await answer.text() };
    };
    const started = await call('start', { resourceId: 'a1d7c3f0data-check-v1@latest', context: { config: { async: true }, subject: {} } });
    const { instanceId } = JSON.parse(started.body);
    const listed = await call('task/list', { instanceId });
    const [{ taskId }] = JSON.parse(listed.body).tasks;
    install();
    const person = { identity: { firstName: 'Ada', lastNames: ['Lovelace'], dateOfBirth: '1990-12-10' } };
    const answers = [
      await call('task/schema', { taskId }),
      await call('task/update', { intent: 'Complete', instanceId, taskId, context: { subject: person } }, true),
      await call('task/list', { instanceId }),
    ];
    sim.core.clock.advance(1200);
    answers.push(await call('state/fetch', { instanceId }), await call('task/list/schema', { instanceId }));
    return answers.map(({ status, body }) => ({ status, body: body.replaceAll(instanceId, '<instance>').replaceAll(taskId, '<task>') }));
  }

  it('finishes on v1 a journey started there before the install, as an all-v1 run of it ends', async () => {
    const clock = { manual: true, start: Date.parse('2026-11-20T10:00:00Z') };
    const allV1 = createSimulator({ journeys, clock });
    const migrated = createSimulator({ journeys, clock });
    const [onV1, onBoth] = await Promise.all([allV1.listen(), migrated.listen()]);
    try {
      const expected = await v1Journey(allV1, onV1.url, () => {});
      expect(expected.map(({ status }) => status)).toEqual([200, 200, 200, 200, 200]);
      const finished = await v1Journey(migrated, onBoth.url, () => {
        uninstall = installV1Compat({ upstream: `${onBoth.url}/eu/v2/captain/`, journeyMap });
      });
      expect(finished).toEqual(expected);
      // v2 was asked first and did not know the instance; every call was then served by v1, as the caller sent it.
      const served = migrated.core.journal.list({}).map(({ path, status }) => `${status} ${path}`);
      expect(served.filter((line) => line.includes('/captain/api/'))).toEqual([
        '201 /eu/captain/api/journey/start',
        '200 /eu/captain/api/journey/task/list',
        '200 /eu/captain/api/journey/task/schema',
        '200 /eu/captain/api/journey/task/update',
        '200 /eu/captain/api/journey/task/list',
        '200 /eu/captain/api/journey/state/fetch',
        '200 /eu/captain/api/journey/task/list/schema',
      ]);
      expect(served.filter((line) => line.includes('/v2/')).every((line) => line.startsWith('404 '))).toBe(true);
    } finally {
      await Promise.all([onV1.close(), onBoth.close()]);
    }
  });

  it('answers a v1 journey’s calls from v2 with finishV1Journeys: false, never reaching v1', async () => {
    const sim = createSimulator({ journeys, clock: { manual: true } });
    const { url, close } = await sim.listen();
    try {
      const answers = await v1Journey(sim, url, () => {
        uninstall = installV1Compat({ upstream: `${url}/eu/v2/captain/`, journeyMap, finishV1Journeys: false });
      });
      expect(answers.map(({ status }) => status)).toEqual([404, 404, 404, 404, 404]);
      expect(sim.core.journal.list({}).filter(({ path }) => path.includes('/captain/api/'))).toHaveLength(2);
    } finally {
      await close();
    }
  });

  it('never sends a call about a journey on v2 to v1, whatever v2 answers', async () => {
    const sim = createSimulator({ journeys, clock: { manual: true } });
    const { url, close } = await sim.listen();
    try {
      uninstall = installV1Compat({ upstream: `${url}/eu/v2/captain/`, journeyMap, retry: { limit: 0 } });
      const token = sim.issueToken();
      const call = async (path: string, body: unknown) =>
        (
          await fetch(`${url}/eu/captain/api/journey/${path}`, {
            method: 'POST',
            headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
            body: JSON.stringify(body),
          })
        ).status;
      const started = await fetch(`${url}/eu/captain/api/journey/start`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ resourceId: 'a1d7c3f0data-check-v1@latest', context: { config: { async: true }, subject: {} } }),
      });
      const { instanceId } = await started.json();
      const listed = await fetch(`${url}/eu/captain/api/journey/task/list`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ instanceId }),
      });
      const [{ taskId }] = (await listed.json()).tasks;
      // Refusals, failures and a 404 that names no instance (a wrong path upstream) are v2's answers about its journey.
      expect(await call('task/update', { intent: 'Complete', instanceId, taskId, context: { subject: {} } })).toBe(400);
      sim.core.faults.add({ path: '*/v2/captain/journey/state/fetch', status: 503, count: 1 });
      expect(await call('state/fetch', { instanceId })).toBe(503);
      sim.core.faults.add({ path: '*/v2/captain/journey/interaction/fetch', status: 500, count: 1 });
      expect(await call('task/list', { instanceId })).toBe(500);
      sim.core.faults.add({ path: '*/v2/captain/journey/state/fetch', latencyMs: 300, count: 1 });
      const aborted = fetch(`${url}/eu/captain/api/journey/state/fetch`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ instanceId }),
        signal: AbortSignal.timeout(50),
      });
      await expect(aborted).rejects.toThrow();
      const identity = { firstName: 'Ada', lastNames: ['Lovelace'], dateOfBirth: '1990-12-10' };
      // A taskId journey-bridge never issued, about an instance v2 holds: v2 is asked, and the data stays off v1.
      const notIssued = { intent: 'Complete', instanceId, taskId: `${instanceId}.cut`, context: { subject: { identity } } };
      expect(await call('task/update', notIssued)).toBe(404);
      expect(sim.core.journal.list({}).filter(({ path }) => path.includes('/captain/api/'))).toEqual([]);
      // Streamed as a string, as fetch sends one: kept for v1 as it is read, and answered by v2.
      const streamed = await fetch(`${url}/eu/captain/api/journey/task/update`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: new ReadableStream({
          start(controller) {
            controller.enqueue(JSON.stringify({ intent: 'Complete', instanceId, taskId, context: { subject: { identity } } }));
            controller.close();
          },
        }),
        duplex: 'half',
      } as RequestInit);
      expect(streamed.status).toBe(200);
      expect(await call('state/fetch', { instanceId })).toBe(200);
      expect(sim.core.journal.list({}).filter(({ path }) => path.includes('/captain/api/'))).toEqual([]);
    } finally {
      await close();
    }
  });

  it('needs an adapter, or an upstream with a journey map', () => {
    expect(() => installV1Compat({ upstream: 'eu' })).toThrow(V1CompatOptionsError);
    expect(() => installV1Compat({ upstream: 'eu' })).toThrow(AdapterError);
  });
});

describe('createV1CompatFetch', () => {
  /** Reaches the simulator at the platform's region hosts (`https://us.…/v2/…`): on one host, the path names the region. */
  const platformHosts =
    (sim: Simulator): typeof fetch =>
    (input, init) => {
      const url = new URL(String(input));
      const region = url.hostname.endsWith(`.${PLATFORM_HOST}`) ? url.hostname.split('.')[0] : undefined;
      return sim.fetch(region ? `http://sim.test/${region}${url.pathname}` : url, init);
    };

  it('sends a v1 call on a region host to that region’s v2, over a region upstream; a base URL upstream takes every call', async () => {
    const sim = createSimulator({ journeys, clock: { manual: true } });
    const token = sim.issueToken();
    const call = (compat: typeof fetch, region: string, path: string, body: unknown) =>
      compat(`https://${region}.${PLATFORM_HOST}/captain/api/journey/${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const start = (resourceId: string) => ({ resourceId, context: { config: { async: true }, subject: {} } });
    const overEu = createV1CompatFetch({ upstream: 'eu', journeyMap, retry: { limit: 0 }, fetch: platformHosts(sim) });
    // A journey configured in us, called on the us base as the v1 code always did.
    const usStart = await call(overEu, 'us', 'start', start('e5b1a7d4fraud-screen-v1@latest'));
    expect(usStart.status).toBe(201);
    const { instanceId } = await usStart.json();
    expect((await call(overEu, 'us', 'state/fetch', { instanceId })).status).toBe(200);
    expect((await call(overEu, 'eu', 'start', start('a1d7c3f0data-check-v1@latest'))).status).toBe(201);
    const overBaseUrl = createV1CompatFetch({
      upstream: 'http://sim.test/eu/v2/captain/',
      journeyMap,
      retry: { limit: 0 },
      fetch: platformHosts(sim),
    });
    expect((await call(overBaseUrl, 'us', 'start', start('a1d7c3f0data-check-v1@latest'))).status).toBe(201);
    expect(sim.core.journal.list().map((entry) => entry.path)).toEqual([
      '/us/v2/captain/journey/start',
      '/us/v2/captain/journey/state/fetch',
      '/eu/v2/captain/journey/start',
      '/eu/v2/captain/journey/start',
    ]);
  });

  it('takes the body limit from bodyLimitBytes: 413 without an upstream call past it, served below it', async () => {
    const sim = createSimulator({ journeys });
    const token = sim.issueToken();
    const stateFetch = (compat: typeof fetch, padding: number) =>
      compat('http://legacy.example/eu/captain/api/journey/state/fetch', {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        // `data` is a field live v1 accepted and the adapter drops: the body's size is all it adds.
        body: JSON.stringify({ instanceId: 'f'.repeat(32), data: 'x'.repeat(padding) }),
      });
    // The instance is unknown: v2's 404 is the answer, not v1's.
    const options = { upstream: 'http://sim.test/eu/v2/captain/', journeyMap, fetch: sim.fetch, finishV1Journeys: false };
    const small = createV1CompatFetch({ ...options, bodyLimitBytes: 1024 });
    const refused = await stateFetch(small, 2048);
    expect(refused.status).toBe(413);
    expect((await refused.json()).message).toBe('the request body exceeds 1024 bytes');
    // Kept to send to v1 (the default), the body is refused all the same, read no further than the limit.
    let pulled = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 256;
        controller.enqueue(new Uint8Array(256).fill(0x20));
      },
    });
    const keeping = createV1CompatFetch({ ...options, bodyLimitBytes: 1024, finishV1Journeys: true });
    const endlessFetch = await keeping('http://legacy.example/eu/captain/api/journey/state/fetch', {
      method: 'POST',
      headers: { authorization: `Bearer ${sim.issueToken()}`, 'content-type': 'application/json' },
      body: endless,
      duplex: 'half',
    } as RequestInit);
    expect(endlessFetch.status).toBe(413);
    // The limit, and what the pipe keeping the body for v1 has read ahead by the time its reader stops.
    expect(pulled).toBeLessThanOrEqual(1024 + 4 * 256);
    expect(sim.core.journal.count()).toBe(0);
    // Past the 10 MiB default, under a larger limit: it reaches v2, which knows no such instance.
    const large = createV1CompatFetch({ ...options, bodyLimitBytes: 16 * 1024 * 1024 });
    expect((await stateFetch(large, 11 * 1024 * 1024)).status).toBe(404);
    expect(sim.core.journal.count()).toBe(1);
  });

  it('refuses a bodyLimitBytes that is not a whole number of bytes above 0', () => {
    for (const bodyLimitBytes of [0, -1, 1.5, Number.NaN]) {
      expect(() => createV1CompatFetch({ upstream: 'eu', journeyMap, bodyLimitBytes })).toThrow(V1CompatOptionsError);
    }
  });

  it('refuses an upstream with user information when made, never answering 500 to every call for it', () => {
    const make = () => createV1CompatFetch({ upstream: 'http://ops:hunter2@127.0.0.1:1/v2/captain/', journeyMap });
    expect(make).toThrow(ClientOptionsError);
    expect(make).toThrow('must not carry user information');
    expect(make).not.toThrow('hunter2');
  });

  it('answers with the status text and the URL a real fetch gives', async () => {
    const { sim, call } = legacyCaller();
    const started = await call('start', { resourceId: 'a1d7c3f0data-check-v1@latest', context: { config: { async: true }, subject: {} } });
    expect([started.status, started.statusText, started.url]).toEqual([
      201,
      'Created',
      'http://legacy.example/eu/captain/api/journey/start',
    ]);
    const unknown = await call('state/fetch#latest', { instanceId: 'f'.repeat(32) });
    expect([unknown.status, unknown.statusText, unknown.url]).toEqual([
      404,
      'Not Found',
      'http://legacy.example/eu/captain/api/journey/state/fetch',
    ]);
    // The body and headers are the handler's.
    expect((await unknown.json()).error).toBe('not-found-error');
    expect(unknown.headers.get('x-request-id')).toBe(sim.core.journal.list()[1]?.requestId);
    // A clone, as code that reads a body twice makes, reads the same; Node's fetch answers of type 'basic'.
    const copy = started.clone().clone();
    expect([copy.url, copy.statusText, copy.type, started.type]).toEqual([started.url, 'Created', 'basic', 'basic']);
    expect(await copy.json()).toEqual(await started.json());
  });

  it('tells a 500 (a bug) to the logger at error, by name and never by message, once logLevel lets errors through', async () => {
    // A V1Api of the caller's own with a bug in it: the answer is the generic 500, which says nothing of why.
    const buggy = {
      fetchState: async () => {
        throw new TypeError('Cannot read properties of undefined, for Ada Lovelace');
      },
    } as unknown as V1Api;
    const lines: [string, unknown][] = [];
    const logger = { ...console, error: (message: string, fields?: unknown) => lines.push([message, fields]) };
    const stateOf = (compat: typeof fetch) =>
      compat('http://legacy.example/eu/captain/api/journey/state/fetch', {
        method: 'POST',
        headers: { authorization: 'Bearer t0k3n', 'content-type': 'application/json' },
        body: JSON.stringify({ instanceId: 'i-1' }),
      });
    expect((await stateOf(createV1CompatFetch({ adapter: buggy, logger }))).status).toBe(500);
    expect(lines).toEqual([]);
    expect((await stateOf(createV1CompatFetch({ adapter: buggy, logger, logLevel: 'error' }))).status).toBe(500);
    expect(lines).toEqual([
      [
        'v1 request failed unexpectedly: answered 500',
        { operation: 'fetchState', error: { name: 'TypeError', at: expect.stringContaining('interceptor.test.ts') } },
      ],
    ]);
    expect(JSON.stringify(lines)).not.toMatch(/Ada|t0k3n/);
  });

  it('answers a HEAD request without a body, as fetch does', async () => {
    const sim = createSimulator({ journeys });
    const compat = createV1CompatFetch({ upstream: 'http://sim.test/eu/v2/captain/', journeyMap, fetch: sim.fetch });
    const answer = await compat('http://legacy.example/eu/captain/api/journey/state/fetch', {
      method: 'HEAD',
      headers: { authorization: `Bearer ${sim.issueToken()}` },
    });
    expect([answer.status, answer.headers.get('allow'), answer.body, await answer.text()]).toEqual([405, 'POST', null, '']);
    // v1 sent no length with it either.
    expect(answer.headers.get('content-length')).toBeNull();
  });

  it('serves only the v1 journey calls that match accepts: one it refuses, and any other path it accepts, go on untouched', async () => {
    const passed: string[] = [];
    const underlying: typeof fetch = async (input) => {
      passed.push(String(input));
      return new Response('from the host');
    };
    const compat = createV1CompatFetch({
      upstream: 'http://sim.test/eu/v2/captain/',
      journeyMap,
      fetch: underlying,
      match: (url) => url.host !== 'still-v1.example',
    });
    const init = { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"instanceId":"x"}' };
    const notServed = ['http://still-v1.example/eu/captain/api/journey/state/fetch', 'http://legacy.example/legacy/journey/start'];
    for (const url of notServed) expect(await (await compat(url, init)).text()).toBe('from the host');
    expect(passed).toEqual(notServed);
    // A v1 journey call it accepts is served (401 here: no token).
    expect((await compat('http://legacy.example/eu/captain/api/journey/state/fetch', init)).status).toBe(401);
    expect(passed).toHaveLength(2);
  });

  it('answers only the v1 journey paths: any other path, under /captain/api/ or not, goes on untouched', async () => {
    const sim = createSimulator({ journeys });
    const passed: [RequestInfo | URL, RequestInit | undefined][] = [];
    const underlying: typeof fetch = async (input, init) => {
      passed.push([input, init]);
      return new Response('from the host');
    };
    const compat = createV1CompatFetch({ upstream: 'http://sim.test/eu/v2/captain/', journeyMap, fetch: underlying });
    const init = { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"instanceId":"x"}' };
    const elsewhere = [
      'http://legacy.example/eu/captain/api/resources',
      'http://legacy.example/other-service/captain/api/x',
      'http://legacy.example/eu/captain/api/journey/state/delete',
      'http://legacy.example/eu/captain/api/journey/health',
      'http://legacy.example/eu/captain/api/journeys/start',
      '/relative/captain/api/journey/start',
    ];
    for (const url of elsewhere) expect(await (await compat(url, init)).text()).toBe('from the host');
    expect(passed).toEqual(elsewhere.map((url) => [url, init]));
    // Each v1 journey operation is answered in-process (401 here: no token), as a base URL joined with `/` is.
    passed.length = 0;
    for (const path of ['start', 'task/list', 'task/list/schema', 'task/schema', 'task/update', 'state/fetch', '/state/fetch/']) {
      expect((await compat(`http://legacy.example/eu/captain/api/journey/${path}`, init)).status).toBe(401);
    }
    expect(passed).toEqual([]);
    expect(sim.core.journal.count()).toBe(0);
  });

  it('names the Content-Type it refuses, as v1 does', async () => {
    const sim = createSimulator({ journeys });
    const compat = createV1CompatFetch({ upstream: 'http://sim.test/eu/v2/captain/', journeyMap, fetch: sim.fetch });
    const send = (f: typeof fetch, url: string, headers: Record<string, string>) =>
      f(url, { method: 'POST', headers: { authorization: `Bearer ${sim.issueToken()}`, ...headers }, body: '{}' });
    // A form's type, and the type fetch gives a string body when none is set (`text/plain;charset=UTF-8`).
    const sent: Record<string, string>[] = [{ 'content-type': 'application/x-www-form-urlencoded' }, {}];
    for (const headers of sent) {
      const refused = await send(compat, 'http://legacy.example/eu/captain/api/journey/start', headers);
      const v1 = await send(sim.fetch, 'http://sim.test/eu/captain/api/journey/start', headers);
      expect(refused.status).toBe(415);
      expect(await refused.json()).toEqual(await v1.json());
    }
    expect(sim.core.journal.list().map((entry) => entry.path)).toEqual(['/eu/captain/api/journey/start', '/eu/captain/api/journey/start']);
  });

  it('reads a body streamed as strings, as fetch sends it, and refuses a chunk fetch cannot send with a v1 400', async () => {
    const sim = createSimulator({ journeys });
    const compat = createV1CompatFetch({ upstream: 'http://sim.test/eu/v2/captain/', journeyMap, fetch: sim.fetch });
    const streamOf = (...chunks: unknown[]) =>
      new ReadableStream({
        start(controller) {
          for (const chunk of chunks) controller.enqueue(chunk);
          controller.close();
        },
      });
    const send = (body: BodyInit) =>
      compat('http://legacy.example/eu/captain/api/journey/start', {
        method: 'POST',
        headers: { authorization: `Bearer ${sim.issueToken()}`, 'content-type': 'application/json' },
        body,
        duplex: 'half',
      } as RequestInit);
    const start = JSON.stringify({ resourceId: 'a1d7c3f0data-check-v1@latest', context: { config: { async: true }, subject: {} } });
    const started = await send(streamOf(start));
    expect(started.status).toBe(201);
    expect(await started.json()).toMatchObject({ instanceId: expect.any(String) });
    // Split inside "ë": each string is sent as UTF-8, so the refusal quotes the id as a string body would.
    const unknown = JSON.stringify({ resourceId: 'Zoë-v1@latest', context: { subject: {} } });
    const cut = unknown.indexOf('ë') + 1;
    const streamed = await send(streamOf(unknown.slice(0, cut), new TextEncoder().encode(unknown.slice(cut))));
    const whole = await send(unknown);
    expect(streamed.status).toBe(whole.status);
    expect(await streamed.json()).toEqual(await whole.json());

    const upstreamCalls = sim.core.journal.count();
    for (const [chunk, type] of [
      [42, 'number'],
      [new ArrayBuffer(2), 'ArrayBuffer'],
      [null, 'null'],
    ] as const) {
      const refused = await send(streamOf(chunk));
      expect(refused.status).toBe(400);
      expect(await refused.json()).toEqual({
        status: 400,
        message: `the request body stream yielded a chunk of type ${type}: send Uint8Arrays or strings`,
        error: 'bad-request-error',
      });
    }
    expect(sim.core.journal.count()).toBe(upstreamCalls);
  });

  it('rejects with the abort reason when the caller aborts while its body stream is still open, and cancels the stream', async () => {
    const sim = createSimulator({ journeys });
    for (const finishV1Journeys of [true, false]) {
      const compat = createV1CompatFetch({ upstream: 'http://sim.test/eu/v2/captain/', journeyMap, fetch: sim.fetch, finishV1Journeys });
      const caller = new AbortController();
      let cancelledStream!: () => void;
      const cancelled = new Promise<void>((resolve) => (cancelledStream = resolve));
      // Half a body, then nothing more: the caller gives up once the handler waits for the rest.
      const body = new ReadableStream<Uint8Array>({
        start: (controller) => controller.enqueue(new TextEncoder().encode('{"instanceId":"')),
        pull: () => {
          caller.abort();
          return new Promise(() => {});
        },
        cancel: () => cancelledStream(),
      });
      const call = compat('http://legacy.example/eu/captain/api/journey/task/list', {
        method: 'POST',
        headers: { authorization: `Bearer ${sim.issueToken()}`, 'content-type': 'application/json' },
        body,
        signal: caller.signal,
        duplex: 'half',
      } as RequestInit);
      await expect(call).rejects.toMatchObject({ name: 'AbortError' });
      await cancelled;
    }
    expect(sim.core.journal.count()).toBe(0);
  });

  it('answers a body stream that fails with a v1 400 that quotes nothing of it, sending nothing upstream', async () => {
    const sim = createSimulator({ journeys });
    const compat = createV1CompatFetch({ upstream: 'http://sim.test/eu/v2/captain/', journeyMap, fetch: sim.fetch });
    const token = sim.issueToken();
    const failing = await compat('http://legacy.example/eu/captain/api/journey/start', {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: new ReadableStream({ start: (controller) => controller.error(new Error(`stream broke ${token}`)) }),
      duplex: 'half',
    } as RequestInit);
    expect(failing.status).toBe(400);
    expect(await failing.json()).toEqual({
      status: 400,
      message: 'the request body could not be read: its stream failed',
      error: 'bad-request-error',
    });
    expect(sim.core.journal.count()).toBe(0);
  });

  it('answers with a Content-Length in bytes, as v1 did', async () => {
    const { call } = legacyCaller();
    const started = await call('start', { resourceId: 'a1d7c3f0data-check-v1@latest', context: { config: { async: true }, subject: {} } });
    // A refusal that names a non-ASCII id: its length in bytes is not its length in characters.
    const refused = await call('start', { resourceId: 'Zoë-v1@latest', context: { subject: {} } });
    for (const answer of [started, refused]) {
      const bytes = new Uint8Array(await answer.clone().arrayBuffer());
      expect(answer.headers.get('content-length')).toBe(String(bytes.byteLength));
      expect(bytes.byteLength).toBeGreaterThan(0);
    }
    expect(await refused.text()).toContain('Zoë');
  });
});
