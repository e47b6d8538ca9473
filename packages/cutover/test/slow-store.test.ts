import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
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
    expect(await a.store.placementOf(started.instanceId)).toEqual({ side: 'v2', mapping: 'data-check', stage: 'live', mirrored: true });
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
    expect(await a.store.placementOf(started.instanceId)).toEqual({ side: 'v1', mapping: 'data-check', stage: 'v1', mirrored: false });
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
