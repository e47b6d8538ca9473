import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPrimaryTraffic } from '../src/primary-traffic.js';

/** A caller's call that settles when told to. */
function pendingCall() {
  let settle = () => {};
  const done = new Promise<void>((resolve) => {
    settle = resolve;
  });
  return { run: () => done, settle };
}

/** Whether `promise` has resolved by now (after the microtasks already queued). */
async function resolved(promise: Promise<void>): Promise<boolean> {
  let done = false;
  void promise.then(() => {
    done = true;
  });
  await vi.advanceTimersByTimeAsync(0);
  return done;
}

describe('shadow calls wait for a gap in the caller’s calls', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('go out at once when the caller has made no call', async () => {
    const traffic = createPrimaryTraffic(10, 1000);
    expect(await resolved(traffic.quiet())).toBe(true);
  });

  it('wait while a call is in flight, and for the gap after it to last quietMs', async () => {
    const traffic = createPrimaryTraffic(10, 1000);
    const call = pendingCall();
    const during = traffic.during(call.run);
    const quiet = traffic.quiet();
    await vi.advanceTimersByTimeAsync(500);
    expect(await resolved(quiet)).toBe(false);
    call.settle();
    await during;
    await vi.advanceTimersByTimeAsync(9);
    expect(await resolved(quiet)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await resolved(quiet)).toBe(true);
  });

  it('wait for a new gap when a call comes before the gap lasted quietMs', async () => {
    const traffic = createPrimaryTraffic(10, 1000);
    await traffic.during(async () => {});
    const quiet = traffic.quiet();
    await vi.advanceTimersByTimeAsync(5);
    const second = pendingCall();
    const during = traffic.during(second.run);
    await vi.advanceTimersByTimeAsync(20);
    expect(await resolved(quiet)).toBe(false);
    second.settle();
    await during;
    await vi.advanceTimersByTimeAsync(10);
    expect(await resolved(quiet)).toBe(true);
  });

  it('go out after maxWaitMs under traffic that leaves no gap', async () => {
    const traffic = createPrimaryTraffic(10, 100);
    const call = pendingCall();
    const during = traffic.during(call.run);
    const quiet = traffic.quiet();
    await vi.advanceTimersByTimeAsync(99);
    expect(await resolved(quiet)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await resolved(quiet)).toBe(true);
    call.settle();
    await during;
  });

  it('counts a call that fails as settled, and passes its failure on', async () => {
    const traffic = createPrimaryTraffic(10, 1000);
    await expect(traffic.during(() => Promise.reject(new Error('refused')))).rejects.toThrow('refused');
    const quiet = traffic.quiet();
    await vi.advanceTimersByTimeAsync(10);
    expect(await resolved(quiet)).toBe(true);
  });
});
