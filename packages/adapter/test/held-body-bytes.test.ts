import { createSimulator } from '@journey-bridge/simulator';
import { describe, expect, it } from 'vitest';
import { createV1HttpHandler, type V1ServerRequest } from '../src/index.js';
import { adapterOverV2, journeys } from './targets.js';

const sim = createSimulator({ journeys, clock: { manual: true } });
const token = sim.issueToken();
const handleV1 = createV1HttpHandler({
  adapter: adapterOverV2(sim, journeys)('eu', token),
  bodyLimitBytes: 70_000,
  bufferLimitBytes: 80_000,
});

/** A v1 start of about 65 KB: under the body limit alone, over the buffer limit beside half of another. */
const startBody = new TextEncoder().encode(
  JSON.stringify({
    resourceId: 'a1d7c3f0data-check-v1@latest',
    context: { config: { async: true }, subject: { note: 'x'.repeat(65_000) } },
  }),
);

/**
 * A start whose body arrives in two halves, the second only once `gate` opens; `firstHeld` settles when the
 * handler asks for the second half, so the first is held by then.
 */
function slowStart(gate: Promise<void> = Promise.resolve()): { request: V1ServerRequest; firstHeld: Promise<void> } {
  let held = () => {};
  const firstHeld = new Promise<void>((resolve) => {
    held = resolve;
  });
  async function* chunks() {
    const half = Math.floor(startBody.byteLength / 2);
    yield startBody.subarray(0, half);
    held();
    await gate;
    yield startBody.subarray(half);
  }
  const headers = new Headers({ authorization: `Bearer ${token}`, 'content-type': 'application/json' });
  return { request: { method: 'POST', url: 'http://shim.test/captain/api/journey/start', headers, chunks: chunks() }, firstHeld };
}

describe('the bytes of request bodies held at once', () => {
  it('answers 503 with Retry-After to the request that would go past the buffer limit, and serves the others', async () => {
    let open = () => {};
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    const first = slowStart(gate);
    const firstAnswer = handleV1(first.request);
    await first.firstHeld;

    const refused = await handleV1(slowStart().request);
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('1');
    expect(refused.headers.get('connection')).toBe('close');
    expect(await refused.json()).toMatchObject({ status: 503, message: expect.stringContaining('retry shortly') });

    open();
    expect((await firstAnswer).status).toBe(201);
    // Both released their bytes: a body as large is taken again.
    expect((await handleV1(slowStart().request)).status).toBe(201);
  });

  it('still answers 503 past the buffer limit after a body streamed as a string, whose size is counted in bytes', async () => {
    const streamed = new Request('http://shim.test/captain/api/journey/start', {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: new ReadableStream({
        start(controller) {
          controller.enqueue(new TextDecoder().decode(startBody));
          controller.close();
        },
      }),
      duplex: 'half',
    } as RequestInit);
    expect((await handleV1(streamed)).status).toBe(201);

    let open = () => {};
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    const first = slowStart(gate);
    const firstAnswer = handleV1(first.request);
    await first.firstHeld;
    expect((await handleV1(slowStart().request)).status).toBe(503);
    open();
    expect((await firstAnswer).status).toBe(201);
  });
});

describe('a body still arriving when the server stops waiting', () => {
  /** The reason the shim aborts with at the end of its shutdown grace. */
  const stopped = () => new DOMException('journey-bridge stopped waiting for the upstream: it is shutting down', 'TimeoutError');

  it('is answered 503, nothing was sent, not 504 "may have been created", and no start reaches the upstream', async () => {
    let open = () => {};
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    const { request, firstHeld } = slowStart(gate);
    const stopping = new AbortController();
    const answered = handleV1({ ...request, signal: stopping.signal });
    await firstHeld;
    const startsBefore = sim.core.journal.list({ path: '*/journey/start' }).length;
    stopping.abort(stopped());
    open();
    const answer = await answered;
    expect(answer.status).toBe(503);
    expect(await answer.json()).toEqual({
      status: 503,
      message: 'journey-bridge is shutting down: nothing was sent to the upstream; retry',
      error: 'service-unavailable-error',
    });
    expect(sim.core.journal.list({ path: '*/journey/start' })).toHaveLength(startsBefore);
  });

  it('answers a bad body still arriving 503 too: its refusal would need the rest of it, and nothing was sent', async () => {
    const gate = new Promise<void>(() => {});
    async function* chunks() {
      yield new TextEncoder().encode('{"resourceId":');
      await gate;
    }
    const stopping = new AbortController();
    const headers = new Headers({ authorization: `Bearer ${token}`, 'content-type': 'application/json' });
    const answered = handleV1({
      method: 'POST',
      url: 'http://shim.test/captain/api/journey/start',
      headers,
      chunks: chunks(),
      signal: stopping.signal,
    });
    stopping.abort(stopped());
    expect((await answered).status).toBe(503);
  });

  it('answers a request whose signal fired before the handler was called, and leaves no rejection behind', async () => {
    const stopping = new AbortController();
    stopping.abort(stopped());
    const headers = new Headers({ authorization: `Bearer ${token}`, 'content-type': 'application/json' });
    const answer = await handleV1({
      method: 'POST',
      url: 'http://shim.test/captain/api/journey/start',
      headers,
      chunks: (async function* () {
        yield new TextEncoder().encode('{"resourceId":"a1d7c3f0data-check-v1@latest"}');
      })(),
      signal: stopping.signal,
    });
    expect(answer.status).toBe(503);
    // An unhandled rejection would surface here, failing the run.
    await new Promise<void>((resolve) => setTimeout(resolve, 10));
  });

  it('answers a request it refuses before reading its body as the refusal it is (415), not as a timeout', async () => {
    const stopping = new AbortController();
    stopping.abort(stopped());
    const headers = new Headers({ authorization: `Bearer ${token}`, 'content-type': 'text/plain' });
    const answer = await handleV1({
      method: 'POST',
      url: 'http://shim.test/captain/api/journey/start',
      headers,
      chunks: (async function* () {})(),
      signal: stopping.signal,
    });
    expect(answer.status).toBe(415);
  });

  it('answers 413 past the body limit without waiting for a caller’s stream that never says it stopped, and lets its bytes go', async () => {
    // An in-process caller's stream, with no signal, whose cancel never settles.
    const endless = new Request('http://shim.test/captain/api/journey/start', {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: new ReadableStream<Uint8Array>({
        pull: (controller) => controller.enqueue(new Uint8Array(16_384).fill(0x20)),
        cancel: () => new Promise<void>(() => {}),
      }),
      duplex: 'half',
    } as RequestInit);
    expect((await handleV1(endless)).status).toBe(413);
    expect((await handleV1(slowStart().request)).status).toBe(201);
  });

  it('answers 413 past the body limit for a server request without a signal whose chunks never say they stopped', async () => {
    const chunks: AsyncIterableIterator<Uint8Array> = {
      next: async () => ({ done: false, value: new Uint8Array(16_384).fill(0x20) }),
      return: () => new Promise(() => {}),
      [Symbol.asyncIterator]() {
        return this;
      },
    };
    const headers = new Headers({ authorization: `Bearer ${token}`, 'content-type': 'application/json' });
    const endless: V1ServerRequest = { method: 'POST', url: 'http://shim.test/captain/api/journey/start', headers, chunks };
    expect((await handleV1(endless)).status).toBe(413);
    expect((await handleV1(slowStart().request)).status).toBe(201);
  });
});
