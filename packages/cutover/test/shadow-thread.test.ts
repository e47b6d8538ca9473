import { execFile } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { JourneyApiError, type V1Api } from '@journey-bridge/client';
import type { RunningSimulator, Simulator } from '@journey-bridge/simulator';
import { Registry } from 'prom-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type Cutover, type CutoverOptions, createCutover, type PairRecord, type ShadowThreadOptions } from '../src/index.js';
import { startShadowThread } from '../src/shadow-thread/shadow-thread.js';
import { createPlatform, DATA_CHECK_V1, journeyMapOf, legacyJourney, stricterDataCheck, v1Side, variantIds } from './harness.js';
import type { ThreadSidesData } from './thread-sides.js';

/** The caller's own v2 side: if a shadow call came through this thread instead of the shadow's, its record says so. */
const notOnThisThread: V1Api = new Proxy({} as V1Api, {
  get: () => () => {
    throw new ReferenceError('a shadow call ran on the primary’s thread');
  },
});

/** The nice value of a thread of this process (Linux). */
const niceOf = (task: string | number): number => {
  const stat = readFileSync(`/proc/self/task/${task}/stat`, 'utf8');
  return Number(stat.slice(stat.lastIndexOf(') ') + 2).split(' ')[16]);
};
/** The threads of this process at nice 19, by id (Linux; empty elsewhere). */
const threadsAtNice19 = (): Set<string> =>
  new Set(process.platform !== 'linux' ? [] : readdirSync('/proc/self/task').filter((task) => niceOf(task) === 19));

const opened: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((each) => each.close()));
});

interface Running {
  readonly sim: Simulator;
  readonly listening: RunningSimulator;
  readonly cutover: Cutover;
  readonly records: PairRecord[];
  readonly logged: { message: string; fields: unknown }[];
}

/** A cutover in shadow at 100% whose shadow calls run on a thread, with sides built there over a listening simulator. */
async function threaded(data: Partial<ThreadSidesData> = {}, options: Partial<CutoverOptions> = {}): Promise<Running> {
  const sim = createPlatform();
  const running: RunningSimulator = await sim.listen();
  opened.push(running);
  const records: PairRecord[] = [];
  const logged: Running['logged'] = [];
  const thread: ShadowThreadOptions = {
    module: new URL('./thread-sides.ts', import.meta.url),
    data: {
      url: running.url,
      token: sim.issueToken(),
      journeyMap: journeyMapOf(),
      flowKeys: variantIds,
      ...data,
    } satisfies ThreadSidesData,
  };
  const cutover = createCutover({
    v1: v1Side(sim),
    v2: notOnThisThread,
    mappings: [{ name: 'data-check', v1: DATA_CHECK_V1, v2: 'b2e8d4a1data-check-v2', stage: { kind: 'shadow', sample: 1 } }],
    publish: (record) => records.push(record),
    shadow: { pollIntervalMs: 5, timeoutMs: 30_000, thread },
    logger: { warn: () => {}, error: (message, fields) => logged.push({ message, fields }) },
    ...options,
  });
  opened.unshift(cutover);
  return { sim, listening: running, cutover, records, logged };
}

describe('shadow calls on a thread of their own', () => {
  // One thread for these three (each costs about a second of CPU to start from source): the data check, and its
  // stricter v1 republication mapped to the same v2 journey, a seeded difference.
  const STRICTER_V1 = stricterDataCheck.resourceIds.v1.production;
  let shared: Running & { readonly registry: Registry; readonly niceBefore: Set<string> };
  beforeAll(async () => {
    const niceBefore = threadsAtNice19();
    const registry = new Registry();
    const running = await threaded(
      { journeyMap: { ...journeyMapOf(), [STRICTER_V1]: 'b2e8d4a1data-check-v2' } },
      {
        registry,
        mappings: [
          { name: 'data-check', v1: DATA_CHECK_V1, v2: 'b2e8d4a1data-check-v2', stage: { kind: 'shadow', sample: 1 } },
          { name: 'stricter', v1: STRICTER_V1, v2: 'b2e8d4a1data-check-v2', stage: { kind: 'shadow', sample: 1 } },
        ],
      },
    );
    opened.splice(0);
    shared = { ...running, registry, niceBefore };
  });
  afterAll(async () => {
    await shared.cutover.close();
    await shared.listening.close();
  });

  /** The record of one more journey of `resourceId` through the shared cutover. */
  async function mirrored(resourceId: string): Promise<{ record: PairRecord | undefined; answers: unknown[] }> {
    const before = shared.records.length;
    const answers = await legacyJourney(shared.cutover, { resourceId });
    await shared.cutover.idle();
    return { record: shared.records.slice(before).at(-1), answers };
  }

  it('mirror and compare the journey as on the primary’s thread, at the lowest CPU priority: identical publications match', async () => {
    const { record } = await mirrored(DATA_CHECK_V1);
    if (process.platform === 'linux') {
      // A new thread at nice 19 (per thread on Linux), and the main thread still at the process's 0. Compared by
      // thread id: a shadow thread of an earlier file in this worker may still be ending. At least one: a thread the
      // shadow thread starts inherits its nice value (seen once on Node 24: two new threads).
      expect([...threadsAtNice19()].filter((task) => !shared.niceBefore.has(task)).length).toBeGreaterThanOrEqual(1);
      // The main thread's id is the process's: read by that id, not by its place in the listing.
      expect(niceOf(process.pid)).toBe(0);
    }
    expect(record).toMatchObject({ result: 'match', primary: 'v1', mapping: 'data-check' });
    // The shadow journey is a real instance on the platform, not an answer made up on the way.
    expect(shared.sim.core.engine.get(record?.v2Instance as string)?.status).toBe('Completed');
  });

  it('carry the sides’ answers whole: a rule changed on one publication is found on its module and field', async () => {
    const { record } = await mirrored(STRICTER_V1);
    expect(record?.result).toBe('mismatch');
    expect(record?.differences).toContainEqual(
      expect.objectContaining({ module: 'kyc-eu-v3', field: 'outcome', v1: 'No Match', v2: 'Match' }),
    );
  });

  it('carry the cause of the adapter’s refusal of what v1 took: a change to prefilled data counts against v2', async () => {
    const errors = async () =>
      (await shared.registry.getSingleMetricAsString('journey_bridge_cutover_calls_total')).match(
        /mapping="data-check",stage="shadow",side="v2",outcome="error"} (\d+)/,
      )?.[1];
    expect(await errors()).toBeUndefined();
    // v1 keeps the last value a task is given; the adapter refuses a change to what the prefill gave with 409.
    const prefill = { identity: { firstName: 'Ada', lastNames: ['Lovelase'] } };
    const answers = await legacyJourney(shared.cutover, { resourceId: DATA_CHECK_V1, prefill });
    await shared.cutover.idle();
    expect((answers.at(-1) as { status: string }).status).toBe('Completed');
    expect(Number(await errors())).toBeGreaterThanOrEqual(1);
  });

  it('carry a side’s failures by name and status: a 500 counts against v2 in the metrics and the record', async () => {
    shared.sim.core.faults.add({ path: '/eu/v2/*', status: 500 });
    const { record, answers } = await mirrored(DATA_CHECK_V1);
    expect((answers.at(-1) as { status: string }).status).toBe('Completed');
    expect(record).toMatchObject({ result: 'error', errors: { v2: 'InternalServerError' } });
    const calls = await shared.registry.getSingleMetricAsString('journey_bridge_cutover_calls_total');
    expect(calls).toMatch(/mapping="data-check",stage="shadow",side="v2",outcome="error"} [1-9]/);
  });
});

describe('libuv’s threadpool', () => {
  it.runIf(process.platform === 'linux')(
    'is started on the primary’s thread, so the primary’s DNS lookups and file reads do not run at the shadow’s nice 19',
    async () => {
      // A process of its own: in this one the pool started long ago. Its threads take the nice value of the thread
      // that first queues work on it, and the probe's sides module queues some as soon as the shadow thread loads it.
      const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
      const probe = fileURLToPath(new URL('./pool-probe.ts', import.meta.url));
      const { stdout } = await promisify(execFile)(process.execPath, ['--conditions=@journey-bridge/source', '--import', tsx, probe]);
      const threads = JSON.parse(stdout) as { name: string; nice: number }[];
      // Node 22 and later name the pool's threads; on Node 20 every thread is `node`, and the pool's four would
      // show as four more at nice 19.
      expect(threads.filter(({ name, nice }) => name === 'libuv-worker' && nice === 19)).toEqual([]);
      expect(threads.filter(({ nice }) => nice === 19).length).toBeLessThan(4);
    },
  );
});

describe('failures of the shadow thread and of its calls', () => {
  it.each([
    ['throws', 'throws'],
    ['builds no two APIs', 'incomplete'],
  ] as const)(
    'a sides module that %s leaves the primary whole, is logged once by name, and counts no call of either side',
    async (_, broken) => {
      const registry = new Registry();
      const { cutover, records, logged } = await threaded({ broken }, { registry });
      for (let i = 0; i < 2; i += 1) {
        const answers = await legacyJourney(cutover);
        expect((answers.at(-1) as { status: string }).status).toBe('Completed');
      }
      await cutover.idle();
      // The shadow never started; the primary's end is its caller's own answer, which needs no thread.
      expect(records.map(({ result, errors }) => ({ result, errors }))).toEqual([
        { result: 'error', errors: { v2: 'ShadowThreadError' } },
        { result: 'error', errors: { v2: 'ShadowThreadError' } },
      ]);
      expect(logged).toEqual([
        { message: expect.stringContaining('shadow-side failure'), fields: expect.objectContaining({ error: 'ShadowThreadError' }) },
      ]);
      expect(JSON.stringify(logged)).not.toContain('no such upstream');
      // The primary's own calls are counted (all on v1, all ok); the thread's, which never reached a side, are not.
      const calls = await registry.getSingleMetricAsString('journey_bridge_cutover_calls_total');
      expect(calls).toMatch(/side="v1",outcome="ok"} [1-9]/);
      expect(calls).not.toMatch(/side="v2"|outcome="error"/);
    },
  );

  it('a refusal crosses as a JourneyApiError with its status and body; an aborted call fails at once with its signal’s reason', async () => {
    const sim = createPlatform();
    const running = await sim.listen();
    opened.push(running);
    const thread = startShadowThread(
      {
        module: new URL('./thread-sides.ts', import.meta.url),
        data: { url: running.url, token: sim.issueToken(), journeyMap: journeyMapOf(), flowKeys: variantIds } satisfies ThreadSidesData,
      },
      () => {},
    );
    opened.unshift(thread);
    // The mirror reads a 4xx as "the side refused what was sent" by its status, not its name.
    const refused = thread.sides.v1.fetchState({ instanceId: 'no-such-instance' });
    await expect(refused).rejects.toBeInstanceOf(JourneyApiError);
    await expect(refused).rejects.toMatchObject({ name: 'NotFoundError', status: 404, v1Error: { status: 404 } });
    // The side would answer in a minute: far past this test's timeout, had the call waited for it.
    sim.core.faults.add({ path: '*', latencyMs: 60_000 });
    const signal = AbortSignal.timeout(200);
    const call = thread.sides.v2.withContext({ signal }).startJourney({ resourceId: `${DATA_CHECK_V1}@latest`, context: { subject: {} } });
    await expect(call).rejects.toMatchObject({ name: 'TimeoutError' });
  });
});
