import type { JourneyApiError, V1Api } from '@journey-bridge/client';
import { describe, expect, it } from 'vitest';
import { CutoverOptionsError, createCutover, createMemoryStore, type Side, type Stage } from '../src/index.js';
import { isBackFrom } from '../src/stages.js';
import { createPlatform, DATA_CHECK_V1, legacyJourney, v1Side, v2Side } from './harness.js';

const start = (uid?: string) => ({
  resourceId: `${DATA_CHECK_V1}@latest`,
  context: { config: { async: true }, subject: uid === undefined ? {} : { uid } },
});

/**
 * Uniform draws in [0, 1) from a fixed seed (mulberry32): the split is checked against a binomial bound, which
 * Math.random's draws would cross about once in four hundred runs.
 */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

function setUp(stage: Stage) {
  const sim = createPlatform();
  const store = createMemoryStore();
  const cutover = createCutover({
    v1: v1Side(sim),
    v2: v2Side(sim),
    mappings: [{ name: 'data-check', v1: DATA_CHECK_V1, v2: 'b2e8d4a1data-check-v2', stage }],
    store,
    shadow: { pollIntervalMs: 2, timeoutMs: 10_000 },
    random: seeded(20261126),
  });
  const sideOf = async (instanceId: string): Promise<Side | undefined> => (await store.placementOf(instanceId))?.side;
  /** The surface every request about `instanceId` reached: `v1`, `v2`, or both when it was served by each. */
  const surfacesOf = (instanceId: string) =>
    new Set(sim.core.journal.list({ instanceId }).map((entry) => (entry.path.includes('/v2/captain/') ? 'v2' : 'v1')));
  return { sim, cutover, sideOf, surfacesOf };
}

describe('ramp: new journeys split between the sides', () => {
  const starts = 1000;
  const percent = 30;
  // Binomial: the share on v2 is within 3 standard deviations of the ramp's.
  const bound = 3 * Math.sqrt(starts * (percent / 100) * (1 - percent / 100));

  it.each([
    ['by context.subject.uid when present', (i: number) => `user-${i}`],
    ['by the instance when there is no uid', () => undefined],
  ])('%s, within 3 standard deviations over 1,000 starts', async (_, uidOf) => {
    const { cutover, sideOf } = setUp({ kind: 'ramp', percent });
    let onV2 = 0;
    for (let i = 0; i < starts; i += 1) {
      const { instanceId } = await cutover.startJourney(start(uidOf(i)));
      if ((await sideOf(instanceId)) === 'v2') onV2 += 1;
    }
    expect(Math.abs(onV2 - (starts * percent) / 100)).toBeLessThanOrEqual(bound);
    await cutover.close();
  });

  it('keeps one user on one side, start after start', async () => {
    const { cutover, sideOf } = setUp({ kind: 'ramp', percent: 50 });
    const sides = new Set<Side | undefined>();
    for (let i = 0; i < 20; i += 1) sides.add(await sideOf((await cutover.startJourney(start('the-same-user'))).instanceId));
    expect(sides.size).toBe(1);
    await cutover.close();
  });
});

describe('stickiness: an instance is served by the side it started on', () => {
  it('for its whole life, whatever the stage becomes meanwhile', async () => {
    const { sim, cutover, sideOf, surfacesOf } = setUp({ kind: 'v1' });
    const advance = async () => sim.core.clock.advance(500);
    const onV1 = await cutover.startJourney(start());
    await cutover.setStage('data-check', { kind: 'v2' });
    const onV2 = await cutover.startJourney(start());
    await cutover.setStage('data-check', { kind: 'v1' });

    // Each journey runs to its end through the cutover after the stage moved away from where it started.
    for (const { instanceId } of [onV1, onV2]) {
      const tasks = await cutover.listTasks({ instanceId });
      const taskId = tasks.tasks[0]?.taskId as string;
      await cutover.updateTask({
        intent: 'Complete',
        instanceId,
        taskId,
        context: { subject: { identity: { firstName: 'Ada', lastNames: ['Lovelace'], dateOfBirth: '1990-12-10' } } },
      });
      for (let polls = 0; (await cutover.fetchState({ instanceId })).status === 'InProgress'; polls += 1) {
        expect(polls).toBeLessThan(100);
        await advance();
      }
    }
    expect([await sideOf(onV1.instanceId), await sideOf(onV2.instanceId)]).toEqual(['v1', 'v2']);
    expect(surfacesOf(onV1.instanceId)).toEqual(new Set(['v1']));
    expect(surfacesOf(onV2.instanceId)).toEqual(new Set(['v2']));
    await cutover.close();
  });

  it('a live journey stays on v2 and its shadow on v1 after a rollback to shadow', async () => {
    const { sim, cutover, sideOf } = setUp({ kind: 'live', sample: 1 });
    const journey = legacyJourney(cutover, { advance: async () => sim.core.clock.advance(500) });
    await cutover.setStage('data-check', { kind: 'shadow', sample: 1 });
    const answers = await journey;
    const { instanceId } = answers[0] as { instanceId: string };
    expect(await sideOf(instanceId)).toBe('v2');
    expect((answers.at(-1) as { status: string }).status).toBe('Completed');
    await cutover.close();
  });

  it('a v2 journey a restarted cutover no longer knows sends its data to v2 alone, not to v1 first', async () => {
    const { sim, cutover } = setUp({ kind: 'v2' });
    const { instanceId } = await cutover.startJourney(start());
    const { tasks } = await cutover.listTasks({ instanceId });
    await cutover.close();
    // The same platform behind a cutover whose in-memory store starts empty, as after a restart.
    const restarted = createCutover({
      v1: v1Side(sim),
      v2: v2Side(sim),
      mappings: [{ name: 'data-check', v1: DATA_CHECK_V1, v2: 'b2e8d4a1data-check-v2', stage: { kind: 'shadow', sample: 1 } }],
    });
    const subject = { identity: { firstName: 'Ada', lastNames: ['Lovelace'], dateOfBirth: '1990-12-10' } };
    await restarted.updateTask({ intent: 'Complete', instanceId, taskId: tasks[0]?.taskId as string, context: { subject } });
    expect(sim.core.journal.count({ path: '*/captain/api/journey/task/update' })).toBe(0);
    expect(sim.core.journal.count({ path: '*/v2/captain/journey/interaction/submit', instanceId })).toBe(1);
    await restarted.close();
  });
});

describe('an instance the store does not know', () => {
  it('is answered as v1 answered when v1 does not know its task and v2 does not know the instance', async () => {
    const { sim, cutover } = setUp({ kind: 'v1' });
    const v1 = v1Side(sim);
    const { instanceId } = await v1.startJourney(start());
    const update = { intent: 'Complete', instanceId, taskId: 'nosuchtask', context: { subject: {} } } as const;
    const direct = await v1.updateTask(update).catch((error: Error) => error);
    const through = await cutover.updateTask(update).catch((error: Error) => error);
    // Each call has a request id of its own; the rest is v1's answer.
    const withoutRequest = (error: unknown) => (error as Error).message.replace(/ \[request [^\]]*\]$/, '');
    expect(withoutRequest(direct)).toContain('task "nosuchtask" was not found on instance');
    expect(withoutRequest(through)).toBe(withoutRequest(direct));
    expect(sim.core.journal.count({ path: '*/v2/captain/journey/interaction/submit' })).toBe(0);
    await cutover.close();
  });

  it("is none named at all: an update without instanceId and taskId is v1's to answer, never v2's first", async () => {
    const sim = createPlatform();
    const v1 = v1Side(sim);
    const v2 = v2Side(sim);
    // A side that says which calls reached it: v2's adapter would refuse such an update itself, unseen.
    const reached: string[] = [];
    const watched = new Proxy(v2, {
      get: (target, name, receiver) => {
        const value = Reflect.get(target, name, receiver);
        return typeof value === 'function'
          ? (...args: unknown[]) => {
              reached.push(String(name));
              return value.apply(target, args);
            }
          : value;
      },
    });
    const cutover = createCutover({
      v1,
      v2: watched,
      mappings: [{ v1: DATA_CHECK_V1, v2: 'b2e8d4a1data-check-v2', stage: { kind: 'v1' } }],
    });
    // As untyped JavaScript may call it: the cutover is the caller's V1Api.
    const update = { intent: 'Complete', context: { subject: { identity: { firstName: 'Ada' } } } } as unknown as Parameters<
      V1Api['updateTask']
    >[0];
    const direct = await v1.updateTask(update).catch((error: JourneyApiError) => error);
    const through = await cutover.updateTask(update).catch((error: JourneyApiError) => error);
    expect(through).toMatchObject({ status: (direct as JourneyApiError).status, v1Error: (direct as JourneyApiError).v1Error });
    expect(reached).toEqual([]);
    await cutover.close();
  });

  it('is answered with the failure that left it unknown whether v2 knows the instance, not with a final 404', async () => {
    const { sim, cutover } = setUp({ kind: 'v1' });
    const { instanceId } = await v1Side(sim).startJourney(start());
    sim.core.faults.add({ path: '*/v2/captain/journey/state/fetch', status: 503, retryAfter: 0 });
    const update = { intent: 'Complete', instanceId, taskId: 'nosuchtask', context: { subject: {} } } as const;
    const through = await cutover.updateTask(update).catch((error: { status?: number }) => error);
    expect(through).toMatchObject({ status: 503 });
    await cutover.close();
  });
});

describe('a start that names no resourceId', () => {
  it.each([
    ['without one', { context: {} }],
    ['with a number', { resourceId: 5, context: {} }],
  ])('%s is answered as v1 and the adapter answer it, by v1 alone', async (_, request) => {
    // Under v2, so that a start of the mapping would not reach v1: this one names no mapping and is v1's.
    const { sim, cutover } = setUp({ kind: 'v2' });
    const refusal = (api: V1Api) =>
      api.startJourney(request as never).then(
        () => undefined,
        (error: unknown) => (error as JourneyApiError).v1Error,
      );
    const through = await refusal(cutover);
    expect(through).toEqual({ status: 400, message: expect.stringMatching(/^resourceId/), error: 'bad-request-error' });
    expect(through).toEqual(await refusal(v1Side(sim)));
    expect(through).toEqual(await refusal(v2Side(sim)));
    // The cutover's start and the direct one: both reached v1.
    expect(sim.core.journal.count({ path: '*/captain/api/journey/start' })).toBe(2);
    await cutover.close();
  });
});

describe('mappings', () => {
  it('are refused when two map one v1 resourceId, its bare and @latest forms being one', () => {
    const sim = createPlatform();
    const create = () =>
      createCutover({
        v1: v1Side(sim),
        v2: v2Side(sim),
        mappings: [
          { name: 'dc', v1: DATA_CHECK_V1, v2: 'b2e8d4a1data-check-v2', stage: { kind: 'v1' } },
          { name: 'dc2', v1: `${DATA_CHECK_V1}@latest`, v2: 'b2e8d4a1data-check-v2', stage: { kind: 'v2' } },
        ],
      });
    expect(create).toThrow(CutoverOptionsError);
    expect(create).toThrow(`mappings "dc" and "dc2" both map the v1 resourceId "${DATA_CHECK_V1}"`);
  });
});

describe('a stage behind another (what a stored override may set)', () => {
  it('has fewer callers answered by v2, else is an earlier stage in the runbook, or the same with a smaller sample or percent', () => {
    expect(isBackFrom({ kind: 'ramp', percent: 10 }, { kind: 'ramp', percent: 50 })).toBe(true);
    expect(isBackFrom({ kind: 'ramp', percent: 50 }, { kind: 'ramp', percent: 10 })).toBe(false);
    expect(isBackFrom({ kind: 'shadow', sample: 0.01 }, { kind: 'shadow', sample: 0.5 })).toBe(true);
    expect(isBackFrom({ kind: 'live', sample: 0.5 }, { kind: 'live', sample: 0.01 })).toBe(false);
    expect(isBackFrom({ kind: 'v1' }, { kind: 'shadow', sample: 1 })).toBe(true);
    expect(isBackFrom({ kind: 'v2' }, { kind: 'ramp', percent: 90 })).toBe(false);
    // live answers every caller from v2: never behind a ramp short of 100%, whatever the runbook's order.
    expect(isBackFrom({ kind: 'live', sample: 0.1 }, { kind: 'ramp', percent: 10 })).toBe(false);
    expect(isBackFrom({ kind: 'ramp', percent: 10 }, { kind: 'live', sample: 0.1 })).toBe(true);
    expect(isBackFrom({ kind: 'live', sample: 0.1 }, { kind: 'ramp', percent: 100 })).toBe(true);
    expect(isBackFrom({ kind: 'shadow', sample: 0.1 }, { kind: 'ramp', percent: 10 })).toBe(true);
    expect(isBackFrom({ kind: 'shadow', sample: 0.1 }, { kind: 'v1' })).toBe(false);
  });
});
