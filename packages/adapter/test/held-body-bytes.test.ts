import { SPECIFICATION_DIALECT } from '@journey-bridge/contract';
import { createSimulator } from '@journey-bridge/simulator';
import { describe, expect, it } from 'vitest';
import { createV1HttpHandler, type V1ServerRequest } from '../src/index.js';
import { adapterOverV2, journeys } from './targets.js';

const sim = createSimulator({ journeys, clock: { manual: true } });
const token = sim.issueToken();
const handleV1 = createV1HttpHandler({
  adapter: adapterOverV2(sim, SPECIFICATION_DIALECT)('eu', token),
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
});
