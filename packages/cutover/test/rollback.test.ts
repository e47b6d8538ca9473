import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout } from 'node:timers/promises';
import { Registry } from 'prom-client';
import { afterAll, describe, expect, it, vi } from 'vitest';
import {
  type CutoverOptions,
  createCutover,
  createMemoryStore,
  createRedisStore,
  type PairingStore,
  type PairRecord,
  type RollbackNotice,
  type Stage,
  type StageChange,
} from '../src/index.js';
import { createPlatform, DATA_CHECK_V1, legacyJourney, person, v1Side, v2Side } from './harness.js';
import { redisAvailable, redisForTest, startRedis } from './redis-server.js';

const startRequest = { resourceId: `${DATA_CHECK_V1}@latest`, context: { config: { async: true }, subject: {} } };

/** Buckets in turn below and above one half: a ramp at 50% sends every other start to v2. */
function alternating(): () => number {
  let draws = 0;
  return () => (draws++ % 2 === 0 ? 0.25 : 0.75);
}

function setUp({ strict = false, v2Faults = false, ...options }: Partial<CutoverOptions> & { strict?: boolean; v2Faults?: boolean } = {}) {
  const sim = createPlatform();
  const shadowSim = createPlatform();
  if (v2Faults) shadowSim.core.faults.add({ path: '*/v2/captain/journey/start', status: 500 });
  const store = createMemoryStore();
  const records: PairRecord[] = [];
  const changes: StageChange[] = [];
  let changed: (change: StageChange) => void = () => {};
  const cutover = createCutover({
    v1: v1Side(sim),
    v2: v2Side(v2Faults ? shadowSim : sim, { strict }),
    mappings: [{ name: 'data-check', v1: DATA_CHECK_V1, v2: 'b2e8d4a1data-check-v2', stage: { kind: 'shadow', sample: 1 } }],
    store,
    publish: (record) => records.push(record),
    shadow: { pollIntervalMs: 2, timeoutMs: 10_000 },
    rollback: { minPairs: 5, consistencyBelow: 0.9, minCalls: 5, errorRateMargin: 0.2 },
    onStageChange: (change) => {
      changes.push(change);
      changed(change);
    },
    ...options,
  });
  const nextChange = () => new Promise<StageChange>((resolve) => (changed = resolve));
  const mirroredAt = async (instanceId: string) => (await store.placementOf(instanceId))?.mirrored;
  return { sim, cutover, records, changes, nextChange, mirroredAt, advance: async () => sim.core.clock.advance(500) };
}

const killFileDirs: string[] = [];
afterAll(() => Promise.all(killFileDirs.map((dir) => rm(dir, { recursive: true, force: true }))));

/** A path for a kill-switch file, in a directory of its own that is removed after the file's tests. */
/** A logger that keeps what the cutover logs at error. */
function errorLog() {
  const logged: { message: string; fields: unknown }[] = [];
  return { logged, logger: { warn: () => {}, error: (message: string, fields?: unknown) => logged.push({ message, fields }) } };
}

async function killFilePath(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'cutover-kill-'));
  killFileDirs.push(dir);
  return join(dir, 'kill');
}

describe('automatic rollback', () => {
  it('moves new journeys back one stage once consistency falls below the threshold, and only then', async () => {
    const { cutover, records, changes, advance, mirroredAt } = setUp({ strict: true });
    for (let i = 0; i < 4; i += 1) {
      await legacyJourney(cutover, { advance });
      await cutover.idle();
    }
    // Four mismatches are fewer than the five pairs the rule needs.
    expect(records.map((record) => record.result)).toEqual(['mismatch', 'mismatch', 'mismatch', 'mismatch']);
    expect(changes).toEqual([]);
    await legacyJourney(cutover, { advance });
    await cutover.idle();
    expect(changes).toEqual([{ mapping: 'data-check', from: { kind: 'shadow', sample: 1 }, to: { kind: 'v1' }, reason: 'rollback' }]);
    // The next start is on v1 alone: not mirrored.
    const { instanceId } = await cutover.startJourney(startRequest);
    expect(await cutover.stageOf('data-check')).toEqual({ kind: 'v1' });
    expect(await mirroredAt(instanceId)).toBe(false);
    const metrics = await cutover.metrics.rollbacks.get();
    expect(metrics.values).toEqual([expect.objectContaining({ labels: { mapping: 'data-check', reason: 'consistency' }, value: 1 })]);
    await cutover.close();
  });

  it('in live, on v2 failing every Complete, though its caller polls each stuck journey: a read that answers is no evidence', async () => {
    const { sim, cutover, changes } = setUp({
      mappings: [{ name: 'data-check', v1: DATA_CHECK_V1, v2: 'b2e8d4a1data-check-v2', stage: { kind: 'live', sample: 1 } }],
    });
    sim.core.faults.add({ path: '*/v2/captain/journey/interaction/submit', status: 500 });
    for (let journey = 0; journey < 3; journey += 1) {
      const { instanceId } = await cutover.startJourney(startRequest);
      const { tasks } = await cutover.listTasks({ instanceId });
      const taskId = tasks[0]?.taskId as string;
      await expect(cutover.updateTask({ intent: 'Complete', instanceId, taskId, context: { subject: person } })).rejects.toThrow();
      // Twenty polls of a journey that will not move: as many answered calls as twenty journeys' Completes.
      for (let poll = 0; poll < 20; poll += 1) expect((await cutover.fetchState({ instanceId })).status).toBe('InProgress');
    }
    await vi.waitFor(() =>
      expect(changes).toEqual([
        { mapping: 'data-check', from: { kind: 'live', sample: 1 }, to: { kind: 'shadow', sample: 1 }, reason: 'rollback' },
      ]),
    );
    await cutover.close();
  });

  it('in live, not on a healthy v2 whose state reads failed a few times while its caller polled: reads are no evidence', async () => {
    const { sim, cutover, changes, advance } = setUp({
      mappings: [{ name: 'data-check', v1: DATA_CHECK_V1, v2: 'b2e8d4a1data-check-v2', stage: { kind: 'live', sample: 1 } }],
    });
    for (let journey = 0; journey < 3; journey += 1) {
      const { instanceId } = await cutover.startJourney(startRequest);
      const { tasks } = await cutover.listTasks({ instanceId });
      await cutover.updateTask({ intent: 'Complete', instanceId, taskId: tasks[0]?.taskId as string, context: { subject: person } });
      // Three of its polls fail, then it polls on to the end, as a caller's retries would.
      sim.core.faults.add({ path: '*/v2/captain/journey/state/fetch', status: 503, count: 3 });
      let failed = 0;
      for (;;) {
        const state = await cutover.fetchState({ instanceId }).catch(() => undefined);
        if (state === undefined) failed += 1;
        else if (state.status !== 'InProgress') break;
        await advance();
      }
      expect(failed).toBe(3);
    }
    await cutover.idle();
    expect(changes).toEqual([]);
    await cutover.close();
  });

  it('never while the sides agree', async () => {
    const { cutover, records, changes, advance } = setUp();
    for (let i = 0; i < 6; i += 1) {
      await legacyJourney(cutover, { advance });
      await cutover.idle();
    }
    expect(records.every((record) => record.result === 'match')).toBe(true);
    expect(changes).toEqual([]);
    await cutover.close();
  });

  it('counts against v2 its refusal of what v1 took (a change after a Save), answered to the caller as the adapter answers it', async () => {
    const { cutover } = setUp({
      mappings: [{ name: 'data-check', v1: DATA_CHECK_V1, v2: 'b2e8d4a1data-check-v2', stage: { kind: 'live', sample: 0 } }],
    });
    const { instanceId } = await cutover.startJourney(startRequest);
    const taskId = (await cutover.listTasks({ instanceId })).tasks[0]?.taskId as string;
    const typo = { identity: { ...person.identity, lastNames: ['Lovelase'] } };
    await cutover.updateTask({ intent: 'Save', instanceId, taskId, context: { subject: typo } });
    const refused = cutover.updateTask({ intent: 'Complete', instanceId, taskId, context: { subject: person } });
    await expect(refused).rejects.toMatchObject({ status: 409, message: expect.stringContaining('FullName was already given') });
    const v2Calls = (await cutover.metrics.calls.get()).values.filter(({ labels }) => labels.side === 'v2');
    expect(v2Calls.map(({ labels, value }) => [labels.outcome, value]).sort()).toEqual([
      ['error', 1],
      ['ok', 3],
    ]);
    await cutover.close();
  });

  it('steps a ramp back to shadow when v2 fails more than v1, so v1 answers every new journey, and tells the webhook', async () => {
    let noticed: (notice: RollbackNotice) => void = () => {};
    const notice = new Promise<RollbackNotice>((resolve) => (noticed = resolve));
    const server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => (body += chunk));
      request.on('end', () => {
        noticed(JSON.parse(body));
        response.writeHead(204).end();
      });
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/rollback`;
    const { cutover, changes, nextChange } = setUp({
      v2Faults: true,
      mappings: [{ name: 'data-check', v1: DATA_CHECK_V1, v2: 'b2e8d4a1data-check-v2', stage: { kind: 'ramp', percent: 50 } }],
      webhook: { url },
      // Starts alternate between the sides, so both reach minCalls within the loop (drawn at random, one side fell
      // short of five calls in twenty starts about once in a hundred runs, and the test waited out its timeout).
      random: alternating(),
    });
    const rolledBack = nextChange();
    const failures = [];
    for (let i = 0; i < 20 && changes.length === 0; i += 1)
      failures.push(await cutover.startJourney(startRequest).catch((error: Error) => error.name));
    expect(await rolledBack).toMatchObject({ to: { kind: 'shadow', sample: 0.1 }, reason: 'rollback' });
    expect(failures).toContain('InternalServerError');
    // v1 answers the next starts, whichever share each falls in: none meets the failing v2.
    const after = await Promise.all(
      Array.from({ length: 6 }, () =>
        cutover.startJourney(startRequest).then(
          () => 'ok',
          (error: Error) => error.name,
        ),
      ),
    );
    expect(after).toEqual(Array(6).fill('ok'));
    expect(await notice).toMatchObject({ mapping: 'data-check', from: 'ramp 50%', to: 'shadow 10%', reason: 'error-rate' });
    expect((await notice).evidence.errorRate).toEqual({ v1: 0, v2: 1 });
    await cutover.close();
    server.close();
  });
});

describe('the window gauges', () => {
  it('read NaN, never 1, while the window holds no pair, and count nothing of journeys started before a rollback', async () => {
    const { cutover, records, changes, nextChange, advance } = setUp({
      strict: true,
      mappings: [{ name: 'data-check', v1: DATA_CHECK_V1, v2: 'b2e8d4a1data-check-v2', stage: { kind: 'live', sample: 1 } }],
    });
    const gauges = async () => ({
      consistency: (await cutover.metrics.consistency.get()).values.map(({ value }) => value),
      errorRate: (await cutover.metrics.errorRate.get()).values.map(({ labels, value }) => [labels.side, value]),
    });
    const unknown = {
      consistency: [Number.NaN],
      errorRate: [
        ['v1', Number.NaN],
        ['v2', Number.NaN],
      ],
    };
    expect(await gauges()).toEqual(unknown);
    // Its start is counted, but no pair has been compared: consistency is unknown, not perfect.
    const inFlight = await cutover.startJourney(startRequest);
    expect((await gauges()).consistency).toEqual([Number.NaN]);
    // Five mismatching journeys roll live back to shadow, while the first one waits at its task.
    const rolledBack = nextChange();
    for (let i = 0; i < 5; i += 1) await legacyJourney(cutover, { advance });
    await rolledBack;
    expect(changes).toEqual([
      { mapping: 'data-check', from: { kind: 'live', sample: 1 }, to: { kind: 'shadow', sample: 1 }, reason: 'rollback' },
    ]);
    expect(await gauges()).toEqual(unknown);
    // The journey started in live goes on: its calls (and its pair) are evidence about live, not about shadow.
    const { instanceId } = inFlight;
    const taskId = (await cutover.listTasks({ instanceId })).tasks[0]?.taskId as string;
    await cutover.updateTask({ intent: 'Complete', instanceId, taskId, context: { subject: person } });
    while ((await cutover.fetchState({ instanceId })).status === 'InProgress') await advance();
    await cutover.idle();
    expect(await gauges()).toEqual(unknown);
    expect(records.map(({ stage, result }) => `${stage} ${result}`)).toEqual(Array(6).fill('live mismatch'));
    // A journey started in shadow is its evidence.
    await legacyJourney(cutover, { advance });
    await cutover.idle();
    expect(await gauges()).toEqual({
      consistency: [0],
      errorRate: [
        ['v1', 0],
        ['v2', 0],
      ],
    });
    await cutover.close();
  });
});

describe('the kill switch acts on the next start', () => {
  it('from kill()', async () => {
    const { cutover, mirroredAt } = setUp();
    const before = await cutover.startJourney(startRequest);
    await cutover.kill();
    const after = await cutover.startJourney(startRequest);
    expect([await mirroredAt(before.instanceId), await mirroredAt(after.instanceId)]).toEqual([true, false]);
    expect(await cutover.stageOf('data-check')).toEqual({ kind: 'v1' });
    await cutover.close();
  });

  it('from a watched file that names the mapping', async () => {
    const file = await killFilePath();
    const { cutover, nextChange, mirroredAt } = setUp({ killSwitch: { file, filePollIntervalMs: 10 } });
    const killed = nextChange();
    await writeFile(file, 'data-check\n');
    expect(await killed).toMatchObject({ mapping: 'data-check', to: { kind: 'v1' }, reason: 'kill' });
    const { instanceId } = await cutover.startJourney(startRequest);
    expect(await mirroredAt(instanceId)).toBe(false);
    await cutover.close();
  });

  it('from kill() on a replica already at v1 whose store answers late: the kill is written, not lost to another replica’s move', async () => {
    const store = createMemoryStore();
    let late = false;
    let answer: () => void = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    // The store holds its reads of overrides back while `late`: slower than the cutover waits for one.
    const slow: PairingStore = {
      ...store,
      overrideOf: async (mapping) => (late ? answered.then(() => store.overrideOf(mapping)) : store.overrideOf(mapping)),
    };
    const live = { kind: 'live', sample: 1 } as const;
    const { cutover } = setUp({
      store: slow,
      storeWaitMs: 5,
      mappings: [{ name: 'data-check', v1: DATA_CHECK_V1, v2: 'b2e8d4a1data-check-v2', stage: live }],
    });
    await cutover.kill();
    // Another replica moves it on since (its rollback to shadow, say), and this one reads the store late.
    await store.setOverride('data-check', {
      stage: { kind: 'shadow', sample: 1 },
      from: live,
      reason: 'rollback',
      at: new Date().toISOString(),
    });
    late = true;
    await cutover.kill();
    answer();
    late = false;
    expect((await store.overrideOf('data-check'))?.stage).toEqual({ kind: 'v1' });
    expect(await cutover.stageOf('data-check')).toEqual({ kind: 'v1' });
    await cutover.close();
  });

  it('from kill() on a replica at v1 while another replica runs the mapping past it: the other is killed too', async () => {
    const store = createMemoryStore();
    const a = setUp({ store });
    const b = setUp({ store });
    await a.cutover.kill();
    // B's operator moves it on; A, at v1 by its kill, does not follow a move forward.
    await b.cutover.setStage('data-check', { kind: 'live', sample: 1 });
    await a.cutover.kill();
    expect((await store.overrideOf('data-check'))?.stage).toEqual({ kind: 'v1' });
    expect(await b.cutover.stageOf('data-check')).toEqual({ kind: 'v1' });
    await Promise.all([a.cutover.close(), b.cutover.close()]);
  });

  it('from kill() on a replica at v1 whose store answers late: written for the others, but nothing moved here to tell of', async () => {
    const store = createMemoryStore();
    let answer: () => void = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const slow: PairingStore = { ...store, overrideOf: (mapping) => answered.then(() => store.overrideOf(mapping)) };
    const { cutover, changes } = setUp({
      store: slow,
      storeWaitMs: 5,
      mappings: [{ name: 'data-check', v1: DATA_CHECK_V1, v2: 'b2e8d4a1data-check-v2', stage: { kind: 'v1' } }],
    });
    await cutover.kill();
    answer();
    expect(changes).toEqual([]);
    expect((await store.overrideOf('data-check'))?.stage).toEqual({ kind: 'v1' });
    await cutover.close();
  });

  it('from a file there at start: the very first start, made at once, goes by the kill, not the configured stage', async () => {
    const file = await killFilePath();
    await writeFile(file, 'data-check\n');
    const { cutover, mirroredAt } = setUp({ killSwitch: { file, filePollIntervalMs: 60_000 } });
    const { instanceId } = await cutover.startJourney(startRequest);
    expect(await mirroredAt(instanceId)).toBe(false);
    expect(await cutover.stageOf('data-check')).toEqual({ kind: 'v1' });
    await cutover.close();
  });

  it.each([
    ['kills the mappings it knows when one of its names is wrong', 'data-chek\ndata-check\n', ['data-check']],
    ['kills every mapping when it names none this cutover has', 'data-chek\n', ['data-check', 'doc-selfie']],
  ])('from a watched file: %s, and logs how many names it does not know, and which it kills', async (_, text, killing) => {
    const file = await killFilePath();
    const { logged, logger } = errorLog();
    const mappings = [
      { name: 'data-check', v1: DATA_CHECK_V1, v2: 'b2e8d4a1data-check-v2', stage: { kind: 'shadow', sample: 1 } },
      { name: 'doc-selfie', v1: 'c3f9e5b2doc-selfie-v1', v2: 'd4a0f6c3doc-selfie-v2', stage: { kind: 'shadow', sample: 1 } },
    ] as const;
    const { cutover, changes } = setUp({ mappings, killSwitch: { file, filePollIntervalMs: 10 }, logger });
    await writeFile(file, text);
    await vi.waitFor(() => expect(changes.map(({ mapping }) => mapping).sort()).toEqual(killing));
    expect(changes.every(({ to, reason }) => to.kind === 'v1' && reason === 'kill')).toBe(true);
    expect(logged).toEqual([
      { message: expect.stringContaining('does not have'), fields: { unknown: 1, killing, mappings: ['data-check', 'doc-selfie'] } },
    ]);
    expect(await cutover.stageOf('doc-selfie')).toEqual(killing.includes('doc-selfie') ? { kind: 'v1' } : { kind: 'shadow', sample: 1 });
    await cutover.close();
  });

  it('from a watched file that is not a kill file: its lines are counted in the log, never quoted (a secret, say)', async () => {
    const file = await killFilePath();
    const { logged, logger } = errorLog();
    const { cutover, nextChange } = setUp({ killSwitch: { file, filePollIntervalMs: 10 }, logger });
    const killed = nextChange();
    await writeFile(file, 'client_secret=demo-secret\nJOURNEY_BRIDGE_CONTROL_SECRET=s3cr3t\n');
    expect(await killed).toMatchObject({ mapping: 'data-check', to: { kind: 'v1' }, reason: 'kill' });
    expect(logged[0]?.fields).toEqual({ unknown: 2, killing: ['data-check'], mappings: ['data-check'] });
    expect(JSON.stringify(logged)).not.toMatch(/demo-secret|s3cr3t/);
    await cutover.close();
  });

  it('from a watched path that is there but cannot be read (a directory here): kills every mapping, and logs why', async () => {
    const file = await killFilePath();
    const { logged, logger } = errorLog();
    const { cutover, nextChange } = setUp({ killSwitch: { file, filePollIntervalMs: 10 }, logger });
    const killed = nextChange();
    await mkdir(file);
    expect(await killed).toMatchObject({ mapping: 'data-check', to: { kind: 'v1' }, reason: 'kill' });
    expect(logged).toEqual([{ message: expect.stringContaining('cannot be read'), fields: { file, code: 'EISDIR' } }]);
    await cutover.close();
  });

  it('from a signal', async () => {
    const { cutover, nextChange } = setUp({ killSwitch: { signal: 'SIGUSR2' } });
    const killed = nextChange();
    process.emit('SIGUSR2');
    expect(await killed).toMatchObject({ to: { kind: 'v1' }, reason: 'kill' });
    await cutover.close();
    expect(process.listenerCount('SIGUSR2')).toBe(0);
  });

  it('until the configuration names another stage than the one it was pulled in', async () => {
    const store = createMemoryStore();
    const sim = createPlatform();
    const mapping = { name: 'data-check', v1: DATA_CHECK_V1, v2: 'b2e8d4a1data-check-v2' };
    const first = createCutover({
      v1: v1Side(sim),
      v2: v2Side(sim),
      store,
      mappings: [{ ...mapping, stage: { kind: 'shadow', sample: 1 } }],
    });
    await first.kill();
    const restarted = createCutover({
      v1: v1Side(sim),
      v2: v2Side(sim),
      store,
      mappings: [{ ...mapping, stage: { kind: 'shadow', sample: 1 } }],
    });
    expect(await restarted.stageOf('data-check')).toEqual({ kind: 'v1' });
    const warned: { message: string; fields: unknown }[] = [];
    const reconfigured = createCutover({
      v1: v1Side(sim),
      v2: v2Side(sim),
      store,
      mappings: [{ ...mapping, stage: { kind: 'live', sample: 0.5 } }],
      logger: { warn: (message, fields) => warned.push({ message, fields }), error: () => {} },
    });
    expect(await reconfigured.stageOf('data-check')).toEqual({ kind: 'live', sample: 0.5 });
    // Not silently: the kill other replicas may still follow is named, once however often the store is read.
    await reconfigured.stageOf('data-check');
    expect(warned).toEqual([
      {
        message: 'cutover: a stored stage override made under a configured stage since changed is not followed',
        fields: { mapping: 'data-check', configured: 'live 50%', override: 'v1', madeUnder: 'shadow 100%', reason: 'kill' },
      },
    ]);
    await Promise.all([first, restarted, reconfigured].map((cutover) => cutover.close()));
  });
});

describe('a stored override from a ramp', () => {
  it.each([
    [{ kind: 'live', sample: 0.1 } as const, { kind: 'ramp', percent: 10 } as const, true],
    [{ kind: 'shadow', sample: 0.1 } as const, { kind: 'shadow', sample: 0.1 } as const, false],
  ])('to %j: followed only if it answers fewer callers from v2; the stage is then %j', async (stage, expected, ignored) => {
    const sim = createPlatform();
    const store = createMemoryStore();
    // As a replica of an earlier release wrote a rollback, when a ramp stepped back to live.
    await store.setOverride('data-check', { stage, from: { kind: 'ramp', percent: 10 }, reason: 'rollback', at: new Date().toISOString() });
    const logged: string[] = [];
    const cutover = createCutover({
      v1: v1Side(sim),
      v2: v2Side(sim),
      mappings: [{ name: 'data-check', v1: DATA_CHECK_V1, v2: 'b2e8d4a1data-check-v2', stage: { kind: 'ramp', percent: 10 } }],
      store,
      logger: { warn: (message) => logged.push(message), error: (message) => logged.push(message) },
    });
    expect(await cutover.stageOf('data-check')).toEqual(expected);
    expect(logged.some((message) => /ignor/i.test(message))).toBe(ignored);
    await cutover.close();
  });
});

describe('replicas sharing a store', () => {
  it('roll a mapping back once: a replica whose evidence is about a stage another one left does not repeat it', async () => {
    const sim = createPlatform();
    const store = createMemoryStore();
    const changes: StageChange[] = [];
    const replica = () =>
      createCutover({
        v1: v1Side(sim),
        v2: v2Side(sim, { strict: true }),
        mappings: [{ name: 'data-check', v1: DATA_CHECK_V1, v2: 'b2e8d4a1data-check-stricter-v2', stage: { kind: 'shadow', sample: 1 } }],
        store,
        shadow: { pollIntervalMs: 2, timeoutMs: 10_000 },
        rollback: { minPairs: 3, consistencyBelow: 0.9 },
        onStageChange: (change) => changes.push(change),
      });
    const [a, b] = [replica(), replica()];
    const advance = async () => sim.core.clock.advance(500);
    // B starts three mirrored journeys and leaves them at their task while A rolls the mapping back.
    const onB = await Promise.all([0, 1, 2].map(() => b.startJourney(startRequest)));
    for (let i = 0; i < 3; i += 1) {
      await legacyJourney(a, { advance });
      await a.idle();
    }
    expect(changes).toHaveLength(1);
    for (const { instanceId } of onB) {
      const taskId = (await b.listTasks({ instanceId })).tasks[0]?.taskId as string;
      await b.updateTask({ intent: 'Complete', instanceId, taskId, context: { subject: person } });
      while ((await b.fetchState({ instanceId })).status === 'InProgress') await advance();
    }
    await b.idle();
    expect(changes).toHaveLength(1);
    expect((await b.metrics.rollbacks.get()).values).toEqual([]);
    await Promise.all([a.close(), b.close()]);
  });
});

/**
 * Replicas of a rolling change of the cutover file, sharing a store (each from `store()`): the new configuration has
 * data-check `live`, the old one `shadow`. An override another configuration made before a replica started is that
 * configuration's, since changed: a pause after each start keeps the kills of these tests apart from it in time.
 */
function rollingChange(store: () => PairingStore | Promise<PairingStore>) {
  const sim = createPlatform();
  const mapping = { name: 'data-check', v1: DATA_CHECK_V1, v2: 'b2e8d4a1data-check-v2' };
  const replica = async (stage: Stage) => {
    const cutover = createCutover({ v1: v1Side(sim), v2: v2Side(sim), mappings: [{ ...mapping, stage }], store: await store() });
    await setTimeout(5);
    return cutover;
  };
  return { newer: () => replica({ kind: 'live', sample: 0.99 }), older: () => replica({ kind: 'shadow', sample: 0.995 }) };
}

describe('replicas of a rolling change of the cutover file (one mapping, two configured stages)', () => {
  it.each([
    ['the newer', 'the older'],
    ['the older', 'the newer'],
  ])('a kill on %s kills %s', async (killer) => {
    const store = createMemoryStore();
    const { newer, older } = rollingChange(() => store);
    const [a, b] = [await newer(), await older()];
    await (killer === 'the newer' ? a : b).kill(['data-check']);
    expect([await a.stageOf('data-check'), await b.stageOf('data-check')]).toEqual([{ kind: 'v1' }, { kind: 'v1' }]);
    await Promise.all([a.close(), b.close()]);
  });

  it.each([
    ['memory', true],
    ['Redis', redisAvailable()],
  ])('a kill on one never lifts the kill another holds (%s store)', async (kind, run) => {
    if (!run) return;
    const redis = kind === 'Redis' ? await redisForTest() : undefined;
    const key = randomBytes(32);
    const memory = createMemoryStore();
    const { newer, older } = rollingChange(() => (redis ? createRedisStore({ url: redis.url, key, prefix: 'test:rolling:' }) : memory));
    // The older configuration's replica was killed before the newer one started: the change moves that one on.
    const b = await older();
    await b.kill(['data-check']);
    const a = await newer();
    expect(await a.stageOf('data-check')).toEqual({ kind: 'live', sample: 0.99 });
    // A kill on the newer one (the mapping's one stored override, now made under `live`) leaves the older one killed.
    await a.kill(['data-check']);
    expect([await a.stageOf('data-check'), await b.stageOf('data-check')]).toEqual([{ kind: 'v1' }, { kind: 'v1' }]);
    // The operator moves the newer one alone back on (`setStage` is this replica's): the older one stays killed.
    await a.setStage('data-check', { kind: 'shadow', sample: 0.5 });
    expect([await a.stageOf('data-check'), await b.stageOf('data-check')]).toEqual([{ kind: 'shadow', sample: 0.5 }, { kind: 'v1' }]);
    // A kill on the older one, made under `shadow`, kills the newer one again, and takes nothing back there.
    await b.setStage('data-check', { kind: 'shadow', sample: 0.1 });
    expect(await b.stageOf('data-check')).toEqual({ kind: 'shadow', sample: 0.1 });
    await b.kill(['data-check']);
    expect([await a.stageOf('data-check'), await b.stageOf('data-check')]).toEqual([{ kind: 'v1' }, { kind: 'v1' }]);
    await Promise.all([a.close(), b.close()]);
    await redis?.stop();
  });
});

/** A replica of the data check at `live` with no sample, over `store`: what another replica moved shows in it. */
const liveReplica = (sim: ReturnType<typeof createPlatform>, store: PairingStore, registry: Registry, logger?: CutoverOptions['logger']) =>
  createCutover({
    v1: v1Side(sim),
    v2: v2Side(sim),
    mappings: [{ name: 'data-check', v1: DATA_CHECK_V1, v2: 'b2e8d4a1data-check-v2', stage: { kind: 'live', sample: 0 } }],
    store,
    registry,
    ...(logger && { logger }),
  });

describe('the stage in force', () => {
  it('shows in the stage gauge at scrape time, set by another replica, with no start of the mapping here', async () => {
    const sim = createPlatform();
    const memory = createMemoryStore();
    // A store over a network answers in a macrotask or later, never within a caller's microtasks: a scrape waits.
    const store: PairingStore = {
      ...memory,
      overrideOf: async (mapping) => {
        await setTimeout(5);
        return memory.overrideOf(mapping);
      },
    };
    const replica = (registry: Registry) => liveReplica(sim, store, registry);
    const registry = new Registry();
    const [a, b] = [replica(new Registry()), replica(registry)];
    expect(await registry.metrics()).toContain('journey_bridge_cutover_stage{mapping="data-check",stage="live"} 1');
    await a.kill();
    const scraped = await registry.metrics();
    expect(scraped).toContain('journey_bridge_cutover_stage{mapping="data-check",stage="v1"} 1');
    expect(scraped).toContain('journey_bridge_cutover_stage{mapping="data-check",stage="live"} 0');
    await Promise.all([a.close(), b.close()]);
  });
});

describe('a replica that follows a stage override from the store', () => {
  it('logs it once, counts it only where it was made, and a kill of a mapping already held at v1 here says so', async () => {
    const sim = createPlatform();
    const store = createMemoryStore();
    const warned: { message: string; fields: unknown }[] = [];
    const registry = new Registry();
    const a = liveReplica(sim, store, new Registry());
    const b = liveReplica(sim, store, registry, { warn: (message, fields) => warned.push({ message, fields }), error: () => {} });
    await a.kill();
    // As at a restart: the store already holds another replica's kill when this one first reads it.
    expect(await b.stageOf('data-check')).toEqual({ kind: 'v1' });
    expect(await b.stageOf('data-check')).toEqual({ kind: 'v1' });
    expect(warned).toEqual([
      {
        message: 'cutover: new journeys follow a stage override from the store',
        fields: { mapping: 'data-check', from: 'live 0%', to: 'v1', reason: 'kill', at: expect.any(String) },
      },
    ]);
    expect(await registry.metrics()).not.toMatch(/journey_bridge_cutover_rollbacks_total\{[^}]*\} [1-9]/);
    // Anyone who can write to the store can write its `at`: text a date parser reads past is not logged.
    const c = liveReplica(sim, store, new Registry(), { warn: (message, fields) => warned.push({ message, fields }), error: () => {} });
    await store.setOverride('data-check', {
      stage: { kind: 'v1' },
      from: { kind: 'live', sample: 0 },
      reason: 'kill',
      at: 'Nov 28 2030 (Jane Doe, 078-05-1120)',
    });
    expect(await c.stageOf('data-check')).toEqual({ kind: 'v1' });
    expect(warned.at(-1)).toEqual({
      message: 'cutover: new journeys follow a stage override from the store',
      fields: { mapping: 'data-check', from: 'live 0%', to: 'v1', reason: 'kill' },
    });
    await c.close();
    // A kill file there at the restart does the same as this: nothing moves, and it is said.
    await b.kill(['data-check']);
    expect(warned.at(-1)).toEqual({
      message: 'cutover: a kill names mappings already held at v1 here and in the store',
      fields: { mappings: ['data-check'] },
    });
    await Promise.all([a.close(), b.close()]);
  });
});

describe.runIf(redisAvailable())('a kill on a Redis store', () => {
  it('holds while Redis is out of reach, is made while it is, and outlives a Redis that restarts empty', async () => {
    const v1Sim = createPlatform();
    const v2Sim = createPlatform();
    const starts = () => v1Sim.core.journal.count({ path: '*/captain/api/journey/start' });
    let redis = await redisForTest();
    const port = Number(new URL(redis.url).port);
    const key = randomBytes(32);
    const prefix = `test:${randomBytes(4).toString('hex')}:`;
    const replica = async () =>
      createCutover({
        v1: v1Side(v1Sim),
        v2: v2Side(v2Sim),
        mappings: [{ name: 'data-check', v1: DATA_CHECK_V1, v2: 'b2e8d4a1data-check-v2', stage: { kind: 'v2' } }],
        store: await createRedisStore({ url: redis.url, key, prefix, commandTimeoutMs: 200 }),
        logger: { warn: () => {}, error: () => {} },
      });
    const [killed, other] = [await replica(), await replica()];
    await killed.kill();
    await redis.stop();
    // Out of reach: the replica that knew of the kill keeps it.
    await killed.startJourney(startRequest);
    expect(starts()).toBe(1);
    // A kill made while Redis is down holds on its replica, and says the others were not told.
    await expect(other.kill()).rejects.toThrow();
    await other.startJourney(startRequest);
    expect(starts()).toBe(2);
    // Redis back, empty: the kill is not lost, and the next look at the stage writes it back for every replica.
    redis = await redisForTest(port);
    await killed.startJourney(startRequest);
    expect(v2Sim.core.journal.count({ path: '*/v2/captain/journey/start' })).toBe(0);
    await vi.waitFor(async () => {
      expect(await killed.stageOf('data-check')).toEqual({ kind: 'v1' });
      const fresh = await createRedisStore({ url: redis.url, key, prefix });
      try {
        expect(await fresh.overrideOf('data-check')).toMatchObject({ stage: { kind: 'v1' }, reason: 'kill' });
      } finally {
        await fresh.close();
      }
    });
    await Promise.all([killed.close(), other.close()]);
    await redis.stop();
  });

  it('steps new journeys back but never forward: an override written to Redis that moves towards v2 is ignored and logged', async () => {
    const v1Sim = createPlatform();
    const v2Sim = createPlatform();
    const redis = await startRedis();
    const prefix = `test:${randomBytes(4).toString('hex')}:`;
    const errors: string[] = [];
    // The writer has the store key too: a store given another key would not open.
    const key = randomBytes(32);
    const cutover = createCutover({
      v1: v1Side(v1Sim),
      v2: v2Side(v2Sim),
      mappings: [{ name: 'data-check', v1: DATA_CHECK_V1, v2: 'b2e8d4a1data-check-v2', stage: { kind: 'shadow', sample: 0 } }],
      store: await createRedisStore({ url: redis.url, key, prefix }),
      logger: { warn: () => {}, error: (message) => errors.push(message) },
    });
    // Someone with write access to Redis, not the operator, claims a "kill" that moves the mapping to v2.
    const writer = await createRedisStore({ url: redis.url, key, prefix });
    const forged = { stage: { kind: 'v2' }, from: { kind: 'shadow', sample: 0 }, reason: 'kill', at: new Date().toISOString() } as const;
    await writer.setOverride('data-check', forged);
    await cutover.startJourney(startRequest);
    await cutover.startJourney(startRequest);
    expect(v2Sim.core.journal.count({ path: '*/v2/captain/journey/start' })).toBe(0);
    expect(await cutover.stageOf('data-check')).toEqual({ kind: 'shadow', sample: 0 });
    expect(errors.filter((message) => message.includes('does not step back'))).toHaveLength(1);
    // A real kill through the store still acts.
    await writer.setOverride('data-check', { ...forged, stage: { kind: 'v1' } });
    expect(await cutover.stageOf('data-check')).toEqual({ kind: 'v1' });
    await writer.close();
    await cutover.close();
    await redis.stop();
  });
});
