import { randomBytes } from 'node:crypto';
import type { V1Api } from '@journey-bridge/client';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  type ContextualV1Api,
  type Cutover,
  createCutover,
  createMemoryStore,
  createRedisStore,
  type PairingStore,
  type PairRecord,
  type Stage,
} from '../src/index.js';
import { createPlatform, DATA_CHECK_V1, person, v1Side, v2Side } from './harness.js';
import { redisAvailable, startRedis, type TestRedis } from './redis-server.js';

const startRequest = { resourceId: `${DATA_CHECK_V1}@latest`, context: { config: { async: true }, subject: {} } };

/**
 * A Redis that hangs rather than fails: frozen with SIGSTOP, while the stores wait up to ten minutes for a command.
 * A cutover call that answers while it is frozen did not wait for the store at all, whatever the machine's speed.
 */
describe.runIf(redisAvailable())('a hung Redis store on the caller’s path', () => {
  let redis: TestRedis;
  const key = randomBytes(32);
  const sim = createPlatform();
  const open: { cutover: Cutover }[] = [];

  beforeAll(async () => {
    redis = await startRedis();
  });
  // A call that waited for the frozen store timed the test out before its `finally` could run.
  afterEach(() => {
    process.kill(redis.pid, 'SIGCONT');
  });
  afterAll(async () => {
    await Promise.all(open.map(({ cutover }) => cutover.close()));
    await redis.stop();
  });

  /** Two replicas sharing one store prefix, each with a store that waits for a hung Redis far longer than a test. */
  async function replicas(stage: Stage) {
    const prefix = `test:hung:${randomBytes(4).toString('hex')}:`;
    const records: PairRecord[] = [];
    const replica = async () => {
      const store: PairingStore = await createRedisStore({ url: redis.url, key, prefix, commandTimeoutMs: 600_000 });
      /** Resolves each instance's next `take` by the cutover, once it is sent. */
      const takes = new Map<string, () => void>();
      const cutover = createCutover({
        v1: v1Side(sim),
        v2: v2Side(sim),
        mappings: [{ name: 'data-check', v1: DATA_CHECK_V1, v2: 'b2e8d4a1data-check-v2', stage }],
        store: {
          ...store,
          take: (instanceId) => {
            const taken = store.take(instanceId);
            takes.get(instanceId)?.();
            return taken;
          },
        },
        publish: (record) => records.push(record),
        shadow: { pollIntervalMs: 2, timeoutMs: 10_000 },
      });
      open.push({ cutover });
      const took = (instanceId: string) => new Promise<void>((resolve) => takes.set(instanceId, resolve));
      return { cutover, store, took };
    };
    return { a: await replica(), b: await replica(), records };
  }

  /** Runs `work` with Redis frozen, and lets it run again whatever happens. */
  async function frozen<T>(work: () => Promise<T>): Promise<T> {
    process.kill(redis.pid, 'SIGSTOP');
    try {
      return await work();
    } finally {
      process.kill(redis.pid, 'SIGCONT');
    }
  }

  /** The rest of a legacy journey: its task, a Complete, and state polls until it ends; answers its end. */
  async function finish(cutover: Cutover, instanceId: string) {
    let taskId: string | undefined;
    for (let polls = 0; taskId === undefined; polls += 1) {
      if (polls > 200) throw new Error('no task came');
      taskId = (await cutover.listTasks({ instanceId })).tasks[0]?.taskId;
      if (taskId === undefined) await sim.core.clock.advance(500);
    }
    await cutover.updateTask({ intent: 'Complete', instanceId, taskId, context: { subject: person } });
    for (let polls = 0; polls < 200; polls += 1) {
      const state = await cutover.fetchState({ instanceId });
      if (state.status !== 'InProgress') return state;
      await sim.core.clock.advance(500);
    }
    throw new Error('the journey did not end');
  }

  it('a start answers without the daily cap and the placement’s write, which land once Redis answers', async () => {
    const { a } = await replicas({ kind: 'live', sample: 1 });
    const started = await frozen(() => a.cutover.startJourney(startRequest));
    // The start was v2's (live): the adapter's instance, which v2 knows.
    expect((await v2Side(sim).fetchState({ instanceId: started.instanceId })).instanceId).toBe(started.instanceId);
    // Read on the connection that wrote it, so after the write.
    expect(await a.store.placementOf(started.instanceId)).toEqual({
      side: 'v2',
      mapping: 'data-check',
      stage: 'live',
      startedIn: { kind: 'live', sample: 1 },
      mirrored: true,
    });
  });

  it('a start follows the last kill it read while the store does not answer', async () => {
    const { a, b } = await replicas({ kind: 'live', sample: 1 });
    await b.cutover.kill();
    // Healthy: the kill made on another replica acts on the next start here.
    const killed = await a.cutover.startJourney(startRequest);
    expect((await a.store.placementOf(killed.instanceId))?.side).toBe('v1');
    const started = await frozen(() => a.cutover.startJourney(startRequest));
    // v1 knows it: the kill held.
    expect((await v1Side(sim).fetchState({ instanceId: started.instanceId })).instanceId).toBe(started.instanceId);
    expect(await a.store.placementOf(started.instanceId)).toEqual({
      side: 'v1',
      mapping: 'data-check',
      stage: 'v1',
      startedIn: { kind: 'v1' },
      mirrored: false,
    });
  });

  it('a later call on another replica answers as its side does, and a mirrored journey’s submissions are still held', async () => {
    const { a, b, records } = await replicas({ kind: 'live', sample: 1 });
    const { instanceId } = await a.cutover.startJourney(startRequest);
    expect((await a.store.placementOf(instanceId))?.side).toBe('v2');
    // The rest of the journey through the other replica, with Redis frozen: each call goes where an unknown
    // instance goes, which finds it on v2.
    const ended = await frozen(() => finish(b.cutover, instanceId));
    expect(ended).toEqual(await v2Side(sim).fetchState({ instanceId }));
    expect(ended.status).toBe('Completed');
    // Once Redis answers, the placement read tells the other replica to hold the submission for the shadow.
    await a.cutover.idle();
    expect(records.map((record) => record.result)).toEqual(['match']);
  });

  it('a submission held while the placement could not be read is let go once it says no shadow takes it', async () => {
    const { a, b } = await replicas({ kind: 'ramp', percent: 100 });
    const { instanceId } = await a.cutover.startJourney(startRequest);
    expect(await a.store.placementOf(instanceId)).toMatchObject({ side: 'v2', mirrored: false });
    const letGo = b.took(instanceId);
    expect((await frozen(() => finish(b.cutover, instanceId))).status).toBe('Completed');
    // Taken on the connection that let it go, after it: nothing is left.
    await letGo;
    expect(await b.store.take(instanceId)).toEqual([]);
  });
});

describe('a read of the store a start did not wait for', () => {
  it('does not lift a kill made on this replica after it was sent', async () => {
    const sim = createPlatform();
    const store = createMemoryStore();
    // Another replica's rollback to live 50%, as stored before this replica's kill.
    const configured: Stage = { kind: 'live', sample: 1 };
    await store.setOverride('data-check', {
      stage: { kind: 'live', sample: 0.5 },
      from: configured,
      reason: 'rollback',
      at: new Date().toISOString(),
    });
    /** Override reads held until released: a store that answers them late. */
    let held: (() => void)[] | undefined;
    const reads: Promise<unknown>[] = [];
    const cutover = createCutover({
      v1: v1Side(sim),
      v2: v2Side(sim),
      mappings: [{ name: 'data-check', v1: DATA_CHECK_V1, v2: 'b2e8d4a1data-check-v2', stage: configured }],
      store: {
        ...store,
        overrideOf: (mapping) => {
          const gate = held;
          if (!gate) return store.overrideOf(mapping);
          // Answered as the store was when it was sent, like a Redis command queued behind a stalled server.
          const answer = store.overrideOf(mapping);
          const read = new Promise<void>((resolve) => gate.push(resolve)).then(() => answer);
          reads.push(read);
          return read;
        },
      },
      random: () => 0,
    });
    held = [];
    await cutover.startJourney(startRequest);
    await cutover.kill();
    // The reads sent before the kill land now, with the override the kill replaced.
    const late = held;
    held = undefined;
    for (const release of late) release();
    await Promise.all(reads);
    held = [];
    const { instanceId } = await cutover.startJourney(startRequest);
    expect(await store.placementOf(instanceId)).toMatchObject({ side: 'v1', stage: 'v1' });
    for (const release of held) release();
    await cutover.close();
  });
});

/** A promise and what settles it: a store call held until the test lets it go. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

describe('evidence lost to the store is unknown, never a difference', () => {
  const live: Stage = { kind: 'live', sample: 1 };

  /** Replicas of one mapping (live: v2 answers, v1 is the shadow) over `store`, each with its own store wrapper. */
  function replica(sim: ReturnType<typeof createPlatform>, store: PairingStore, records: PairRecord[], pollIntervalMs = 5, stage = live) {
    return (wrap: Partial<PairingStore> = {}, v2: ContextualV1Api = v2Side(sim)) =>
      createCutover({
        v1: v1Side(sim),
        v2,
        mappings: [{ name: 'data-check', v1: DATA_CHECK_V1, v2: 'b2e8d4a1data-check-v2', stage }],
        store: { ...store, ...wrap },
        publish: (record) => records.push(record),
        shadow: { pollIntervalMs, timeoutMs: 20_000 },
        storeWaitMs: 5,
      });
  }

  /** The journey's task, then a Complete through `through`; answers the instance's task. */
  async function complete(sim: ReturnType<typeof createPlatform>, through: Cutover, instanceId: string) {
    let taskId: string | undefined;
    for (let polls = 0; taskId === undefined; polls += 1) {
      if (polls > 200) throw new Error('no task came');
      taskId = (await through.listTasks({ instanceId })).tasks[0]?.taskId;
      if (taskId === undefined) await sim.core.clock.advance(500);
    }
    await through.updateTask({ intent: 'Complete', instanceId, taskId, context: { subject: person } });
  }

  /** State polls through `through` until the journey ends. */
  async function untilEnded(sim: ReturnType<typeof createPlatform>, through: Cutover, instanceId: string) {
    for (let polls = 0; polls < 200; polls += 1) {
      if ((await through.fetchState({ instanceId })).status !== 'InProgress') return;
      await sim.core.clock.advance(500);
    }
    throw new Error('the journey did not end');
  }

  const failuresOf = async (cutover: Cutover, part: string) =>
    (await cutover.metrics.failures.get()).values.filter(({ labels }) => labels.part === part).reduce((sum, { value }) => sum + value, 0);

  it('a placement read that fails late lets go of nothing a shadow takes', async () => {
    const sim = createPlatform();
    const store = createMemoryStore();
    const records: PairRecord[] = [];
    /** Set: reads wait for it, then fail, as a Redis command that times out. */
    let failing: Promise<void> | undefined;
    const cutover = replica(
      sim,
      store,
      records,
      300,
    )({
      placementOf: async (instanceId) => {
        if (!failing) return store.placementOf(instanceId);
        await failing;
        throw new Error('Command timed out');
      },
    });
    const { instanceId } = await cutover.startJourney(startRequest);
    expect(await store.placementOf(instanceId)).toMatchObject({ mirrored: true });
    const late = gate();
    failing = late.opened;
    await complete(sim, cutover, instanceId);
    // The read the Complete did not wait for fails now: the held submission is the shadow's still.
    late.open();
    await untilEnded(sim, cutover, instanceId);
    await cutover.idle();
    expect(records.map((record) => record.result)).toEqual(['match']);
    await cutover.close();
  });

  /**
   * A journey mirrored on replica `a`, whose Complete is served by `served` with its first hold failing and the
   * next one let go only once `a`'s mirror took after polling the primary's end itself (its caller polls `b`).
   */
  async function failedHold(served: 'a' | 'b', landsAfterMs: number) {
    const sim = createPlatform();
    const store = createMemoryStore();
    const records: PairRecord[] = [];
    const make = replica(sim, store, records);
    const retried = gate();
    let holds = 0;
    const flaky: Partial<PairingStore> = {
      hold: async (instanceId, submission, ttlMs) => {
        holds += 1;
        if (holds === 1) throw new Error('Connection is closed.');
        await retried.opened;
        await new Promise((resolve) => setTimeout(resolve, landsAfterMs));
        return store.hold(instanceId, submission, ttlMs);
      },
    };
    /** Whether `a`'s mirror has read the primary's end. */
    let endRead = false;
    const v2 = v2Side(sim);
    const watched = (api: V1Api): V1Api => ({
      ...api,
      fetchState: async (request) => {
        const state = await api.fetchState(request);
        if (state.status !== 'InProgress') endRead = true;
        return state;
      },
    });
    const a = make(
      {
        ...(served === 'a' && flaky),
        take: async (instanceId) => {
          const taken = await store.take(instanceId);
          if (endRead) retried.open();
          return taken;
        },
      },
      { ...watched(v2), withContext: (context) => watched(v2.withContext(context)) },
    );
    const b = make(served === 'b' ? flaky : {});
    const { instanceId } = await a.startJourney(startRequest);
    await complete(sim, served === 'a' ? a : b, instanceId);
    await untilEnded(sim, b, instanceId);
    await a.idle();
    retried.open();
    await Promise.all([a.close(), b.close()]);
    expect(holds).toBe(2);
    return records.map((record) => record.result);
  }

  it('a shadow waits for a hold retried on its own replica before it ends where it is', async () => {
    // Longer than the last look's grace: only the hold under way tells the mirror to wait.
    expect(await failedHold('a', 100)).toEqual(['match']);
  });

  it('a shadow looks once more, past a failed hold’s first retry, before it ends where it is', async () => {
    expect(await failedHold('b', 0)).toEqual(['match']);
  });

  it('a hold made while the placement was late is tried once', async () => {
    const sim = createPlatform();
    const store = createMemoryStore();
    /** Set: reads wait for it, as from a hung Redis. */
    let hung: Promise<void> | undefined;
    let holds = 0;
    const cutover = replica(
      sim,
      store,
      [],
      1,
    )({
      hold: async () => {
        holds += 1;
        throw new Error('Connection is closed.');
      },
      placementOf: async (instanceId) => {
        const placement = await store.placementOf(instanceId);
        await hung;
        return placement;
      },
    });
    // A journey of no mapping, whose calls go through the cutover: each is late under a hung store.
    const v1 = v1Side(sim);
    const { instanceId } = await v1.startJourney(startRequest);
    let taskId: string | undefined;
    while (taskId === undefined) {
      taskId = (await v1.listTasks({ instanceId })).tasks[0]?.taskId;
      if (taskId === undefined) await sim.core.clock.advance(500);
    }
    const reads = gate();
    hung = reads.opened;
    await cutover.updateTask({ intent: 'Complete', instanceId, taskId, context: { subject: person } });
    // Given up at once, not tried again until the shadow timeout passes.
    await vi.waitFor(async () => expect(await failuresOf(cutover, 'hold')).toBe(1));
    expect(holds).toBe(1);
    reads.open();
    await cutover.close();
  });

  it('a store that throws instead of rejecting fails neither a start nor the process', async () => {
    const sim = createPlatform();
    const store = createMemoryStore();
    let late: Promise<void> | undefined;
    // Not sampled: the placement says no shadow takes the journey's submissions.
    const cutover = replica(sim, store, [], 5, { kind: 'ramp', percent: 100 })({
      place: (instanceId, placement, ttlMs) => {
        // Written, then the store throws: later calls find it.
        store.place(instanceId, placement, ttlMs);
        throw new Error('a custom store that throws');
      },
      take: () => {
        throw new Error('a custom store that throws');
      },
      placementOf: async (instanceId) => {
        await late;
        return store.placementOf(instanceId);
      },
    });
    const { instanceId } = await cutover.startJourney(startRequest);
    expect(await failuresOf(cutover, 'store')).toBe(1);
    // The Complete's read comes late and says no shadow takes it: the let-go's take throws.
    const reads = gate();
    late = reads.opened;
    await complete(sim, cutover, instanceId);
    reads.open();
    await vi.waitFor(async () => expect(await failuresOf(cutover, 'store')).toBe(2));
    late = undefined;
    await cutover.close();
  });

  it('close settles the admissions under way: counted in its log, and no store call after the store closed', async () => {
    const sim = createPlatform();
    const store = createMemoryStore();
    const cap = gate();
    let closed = false;
    const after: string[] = [];
    const warnings: unknown[] = [];
    const cutover = createCutover({
      v1: v1Side(sim),
      v2: v2Side(sim),
      mappings: [{ name: 'data-check', v1: DATA_CHECK_V1, v2: 'b2e8d4a1data-check-v2', stage: live }],
      store: {
        ...store,
        place: (...args) => {
          if (closed) after.push('place');
          return store.place(...args);
        },
        increment: async (...args) => {
          await cap.opened;
          return store.increment(...args);
        },
        close: () => {
          closed = true;
          return store.close();
        },
      },
      logger: { warn: (_message, fields) => warnings.push(fields), error: () => {} },
    });
    await cutover.startJourney(startRequest);
    const closing = cutover.close();
    await new Promise((resolve) => setImmediate(resolve));
    cap.open();
    await closing;
    await cutover.idle();
    expect(warnings).toEqual([{ abandoned: { 'data-check': 1 } }]);
    expect((await cutover.metrics.skipped.get()).values).toEqual([{ labels: { mapping: 'data-check', reason: 'shutdown' }, value: 1 }]);
    expect(after).toEqual([]);
  });
});
