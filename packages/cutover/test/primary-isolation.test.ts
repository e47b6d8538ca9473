import type { V1Api } from '@journey-bridge/client';
import type { FaultRuleInput } from '@journey-bridge/simulator';
import { afterEach, describe, expect, it } from 'vitest';
import { type Cutover, createCutover } from '../src/index.js';
import { createPlatform, DATA_CHECK_V1, legacyJourney, v1Side, v2Side } from './harness.js';

/** A v2 side whose every method throws before it returns a promise. */
const throwing: V1Api = new Proxy({} as V1Api, {
  get: () => () => {
    throw new TypeError('the shadow side is broken');
  },
});

const opened: Cutover[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((cutover) => cutover.close()));
});

/**
 * The answers a legacy app gets through a cutover whose v1 side is a fresh simulator on a manual clock (so its
 * ids and timestamps repeat run after run) and whose v2 side is `shadow`, or no shadow at all when it is absent.
 */
async function primaryAnswers(shadow?: { v2: V1Api }): Promise<string> {
  const v1Sim = createPlatform({ clock: { manual: true, start: Date.UTC(2025, 0, 1) } });
  const cutover = createCutover({
    v1: v1Side(v1Sim),
    v2: shadow?.v2 ?? throwing,
    mappings: [
      {
        name: 'data-check',
        v1: DATA_CHECK_V1,
        v2: 'b2e8d4a1data-check-v2',
        stage: shadow ? { kind: 'shadow', sample: 1 } : { kind: 'v1' },
      },
    ],
    shadow: { pollIntervalMs: 1, timeoutMs: 60_000 },
  });
  opened.push(cutover);
  const answers = await legacyJourney(cutover, { advance: async () => v1Sim.core.clock.advance(500) });
  return JSON.stringify(answers);
}

/** A v2 side on a simulator of its own, with `faults` on every request it receives. */
function faultyV2(faults: FaultRuleInput[]): V1Api {
  const sim = createPlatform();
  for (const fault of faults) sim.core.faults.add(fault);
  return v2Side(sim);
}

describe('the primary’s answers do not depend on the shadow', () => {
  it.each([
    ['slow (5 s latency on every call)', () => faultyV2([{ path: '*', latencyMs: 5000 }])],
    ['failing (500 on every call)', () => faultyV2([{ path: '*', status: 500 }])],
    ['resetting connections', () => faultyV2([{ path: '*', reset: true }])],
    ['throwing', () => throwing],
  ])('a shadow side that is %s leaves them byte-identical', async (_, makeShadow) => {
    const shadow = makeShadow();
    let tried: () => void = () => {};
    const triedOnce = new Promise<void>((resolve) => {
      tried = resolve;
    });
    const watched = new Proxy(shadow, {
      get: (target, name: keyof V1Api) => {
        tried();
        return target[name];
      },
    });
    const off = await primaryAnswers();
    const on = await primaryAnswers({ v2: watched });
    // The shadow is really tried, off the path: after the journey's answers, not before them.
    await triedOnce;
    expect(on).toBe(off);
    expect((JSON.parse(on) as { status?: string }[]).at(-1)?.status).toBe('Completed');
  });
});

describe('failures after the shadow stay off the caller’s path', () => {
  it('a publisher that throws is counted and logged by error name, never thrown to the caller', async () => {
    const sim = createPlatform();
    const logged: unknown[] = [];
    const cutover = createCutover({
      v1: v1Side(sim),
      v2: v2Side(sim),
      mappings: [{ name: 'data-check', v1: DATA_CHECK_V1, v2: 'b2e8d4a1data-check-v2', stage: { kind: 'shadow', sample: 1 } }],
      publish: () => {
        throw new RangeError('the records disk is full of Lovelace');
      },
      logger: { warn: () => {}, error: (message, fields) => logged.push({ message, fields }) },
      shadow: { pollIntervalMs: 2, timeoutMs: 10_000 },
    });
    opened.push(cutover);
    const answers = await legacyJourney(cutover, { advance: async () => sim.core.clock.advance(500) });
    await cutover.idle();
    expect((answers.at(-1) as { status: string }).status).toBe('Completed');
    const failures = await cutover.metrics.failures.get();
    expect(failures.values).toEqual([expect.objectContaining({ labels: { mapping: 'data-check', part: 'publish' }, value: 1 })]);
    expect(JSON.stringify(logged)).toContain('RangeError');
    expect(JSON.stringify(logged)).not.toContain('Lovelace');
  });

  it('a shadow side whose binding throws is counted and logged under its mapping, by error name, never thrown to the caller', async () => {
    const sim = createPlatform();
    const logged: unknown[] = [];
    const unbindable = {
      ...v2Side(sim),
      withContext: () => {
        throw new RangeError('no context for Lovelace');
      },
    };
    const cutover = createCutover({
      v1: v1Side(sim),
      v2: unbindable,
      mappings: [{ name: 'data-check', v1: DATA_CHECK_V1, v2: 'b2e8d4a1data-check-v2', stage: { kind: 'shadow', sample: 1 } }],
      logger: { warn: () => {}, error: (message, fields) => logged.push({ message, fields }) },
      shadow: { pollIntervalMs: 2, timeoutMs: 10_000 },
    });
    opened.push(cutover);
    const answers = await legacyJourney(cutover, { advance: async () => sim.core.clock.advance(500) });
    await cutover.idle();
    expect((answers.at(-1) as { status: string }).status).toBe('Completed');
    const failures = await cutover.metrics.failures.get();
    expect(failures.values).toEqual([expect.objectContaining({ labels: { mapping: 'data-check', part: 'shadow' }, value: 1 })]);
    expect(logged).toEqual([
      { message: expect.stringContaining('shadow-side failure'), fields: { mapping: 'data-check', part: 'shadow', error: 'RangeError' } },
    ]);
  });
});
