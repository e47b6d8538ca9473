import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { runInNewContext } from 'node:vm';
import { Counter, Registry } from 'prom-client';
import { describe, expect, it, vi } from 'vitest';
import {
  type CutoverOptions,
  CutoverOptionsError,
  createCutover,
  createMemoryStore,
  createRedisStore,
  type PairingStore,
  type PairRecord,
  type Stage,
  type StageOverride,
} from '../src/index.js';
import { createPlatform, DATA_CHECK_V1, v1Side, v2Side } from './harness.js';

const sim = createPlatform();
const mapping = { name: 'dc', v1: DATA_CHECK_V1, v2: 'b2e8d4a1data-check-v2', stage: { kind: 'live', sample: 0 } as Stage };
const base = (): CutoverOptions => ({ v1: v1Side(sim), v2: v2Side(sim), mappings: [mapping] });
const start = { resourceId: `${DATA_CHECK_V1}@latest`, context: { config: { async: true }, subject: {} } };
const PERSON = { identity: { firstName: 'Ada', lastNames: ['Lovelace'], dateOfBirth: '1990-12-10' } };

/** Options as JavaScript, or a hand-edited object, may hand them over: not what the types allow. */
const untyped = (options: Record<string, unknown>) => options as unknown as CutoverOptions;

/** A logger that keeps what it is told. */
function keptLog() {
  const lines: { message: string; fields: unknown }[] = [];
  const keep = (message: string, fields?: unknown) => lines.push({ message, fields });
  return { lines, logger: { warn: keep, error: keep } };
}

describe('createCutover refuses options it cannot run as written, naming the member and what it expects', () => {
  it.each([
    ['a misspelt stage kind', { mappings: [{ ...mapping, stage: { kind: 'shadwo', sample: 0.1 } }] }, 'mappings[0].stage.kind'],
    ['a stage written as its name', { mappings: [{ ...mapping, stage: 'shadow' }] }, 'mappings[0].stage'],
    ['a ramp over 100', { mappings: [{ ...mapping, stage: { kind: 'ramp', percent: 150 } }] }, 'mappings[0].stage.percent'],
    ['an empty name', { mappings: [{ ...mapping, name: '' }] }, 'mappings[0].name'],
    [
      'a name with a line break, which no kill file line can name',
      { mappings: [{ ...mapping, name: 'data\ncheck' }] },
      'mappings[0].name: must hold no line break',
    ],
    // The kill file's lines are trimmed: such a name could never be named there.
    ['a name ending in a no-break space', { mappings: [{ ...mapping, name: 'data-check\u00a0' }] }, 'nor start or end with a space'],
    ['a name of spaces', { mappings: [{ ...mapping, name: '   ' }] }, 'nor start or end with a space'],
    ['no v2 resourceId', { mappings: [{ name: 'dc', v1: DATA_CHECK_V1, stage: { kind: 'v1' } }] }, 'mappings[0].v2'],
    ['a negative daily cap', { mappings: [{ ...mapping, dailyCap: -1 }] }, 'mappings[0].dailyCap'],
    ['a misspelt shadow member', { shadow: { timeoutMS: 1000 } }, 'shadow: Unrecognized key: "timeoutMS"'],
    ['a queue of -5', { shadow: { queueSize: -5 } }, 'shadow.queueSize'],
    ['a consistency of 99 (a percent, not a share)', { rollback: { consistencyBelow: 99 } }, 'rollback.consistencyBelow'],
    ['the old name of shadowSample', { rollback: { liveSample: 0.01 } }, 'rollback.liveSample: renamed shadowSample'],
    // The window keeps at most `window` pairs: the rollback would never act.
    [
      'more pairs needed than the window keeps',
      { rollback: { minPairs: 5000, window: 100 } },
      'rollback.minPairs: minPairs (5000) is above window (100)',
    ],
    [
      "a mapping's own window below the calls the shared thresholds need",
      { mappings: [{ ...mapping, rollback: { window: 150 } }] },
      'mappings[0].rollback.minCalls: minCalls (200) is above window (150)',
    ],
    ['a webhook given as a string', { webhook: 'https://hooks.example.com/cutover' }, 'webhook'],
    [
      'a webhook whose password is no percent-encoding',
      { webhook: { url: 'https://ops:%zz@hooks.example.com/' } },
      'webhook.url: its user information',
    ],
    ['a publish that is a path', { publish: '/var/log/pairs.jsonl' }, 'publish: expected a function'],
    ['a member no version has', { dailycap: 10 }, 'options: Unrecognized key: "dailycap"'],
    ['no v2 side', { v2: undefined }, 'v2: expected a V1Api'],
    [
      'shadow thread data a thread cannot take',
      { shadow: { thread: { module: 'file:///x.mjs', data: { f() {} } } } },
      'shadow.thread.data',
    ],
    [
      'a relative shadow thread module',
      { shadow: { thread: { module: './sides.mjs' } } },
      'shadow.thread.module: expected an absolute URL',
    ],
    ['a kill switch on a signal no handler receives', { killSwitch: { signal: 'SIGKILL' } }, 'killSwitch.signal: expected a signal'],
    ['a kill switch on no signal there is', { killSwitch: { signal: 'SIGUSR3' } }, 'killSwitch.signal: expected a signal'],
  ])('%s', (_, change, where) => {
    const create = () => createCutover(untyped({ ...base(), ...change }));
    expect(create).toThrow(CutoverOptionsError);
    expect(create).toThrow(where);
  });

  it('takes what the types allow as users write it: no daily cap (Infinity), a fractional wait, sides behind a Proxy', async () => {
    const v1 = v1Side(sim);
    const cutover = createCutover({
      ...base(),
      v1: new Proxy(v1, {}),
      mappings: [{ ...mapping, dailyCap: Number.POSITIVE_INFINITY }],
      storeWaitMs: 12.5,
    });
    expect((await cutover.startJourney(start)).instanceId).toEqual(expect.any(String));
    await cutover.close();
  });

  it('leaves the registry as it found it, so the corrected options can be given the same registry', () => {
    const registry = new Registry();
    const twice = untyped({ ...base(), registry, mappings: [mapping, { ...mapping, v1: 'other-v1' }] });
    expect(() => createCutover(twice)).toThrow('two mappings are named "dc"');
    expect(() => createCutover(untyped({ ...base(), registry, dailycap: 1 }))).toThrow(CutoverOptionsError);
    expect(registry.getMetricsAsArray()).toEqual([]);
    const cutover = createCutover({ ...base(), registry });
    expect(registry.getSingleMetric('journey_bridge_cutover_pairs_total')).toBeDefined();
    return cutover.close();
  });

  it('refuses a shadow thread or a kill switch that could not start before registering, so every scrape still works', async () => {
    const registry = new Registry();
    for (const refused of [{ shadow: { thread: { module: './sides.mjs' } } }, { killSwitch: { signal: 'SIGSTOP' } }]) {
      expect(() => createCutover(untyped({ ...base(), registry, ...refused }))).toThrow(CutoverOptionsError);
    }
    expect(registry.getMetricsAsArray()).toEqual([]);
    await expect(registry.metrics()).resolves.toBe('\n');
  });

  it('fills in a dialect’s defaults as the shim’s file does, so a JavaScript caller’s partial dialect compares', async () => {
    const records: PairRecord[] = [];
    const cutover = createCutover({
      ...base(),
      mappings: [{ ...mapping, stage: { kind: 'shadow', sample: 1 }, dialect: untyped({ decision: { key: 'decision' } }) as never }],
      publish: (record) => records.push(record),
      shadow: { pollIntervalMs: 2, timeoutMs: 10_000 },
    });
    await cutover.startJourney({ ...start, context: { subject: PERSON } });
    await cutover.idle();
    expect(records.map((record) => record.result)).toEqual(['match']);
    expect(await cutover.metrics.failures.get()).toMatchObject({ values: [] });
    await cutover.close();
  });

  it('refuses a registry that already holds one of its metric names, and adds none of them', () => {
    const registry = new Registry();
    new Counter({ name: 'journey_bridge_cutover_failures_total', help: 'the app’s own', registers: [registry] });
    const create = () => createCutover({ ...base(), registry });
    expect(create).toThrow(CutoverOptionsError);
    expect(create).toThrow('the registry already holds journey_bridge_cutover_failures_total');
    expect(registry.getMetricsAsArray().map((metric) => metric.name)).toEqual(['journey_bridge_cutover_failures_total']);
  });

  it('refuses a Redis store with no key, or a key that is not 32 bytes, before connecting', async () => {
    // Port 1: nothing listens, so a connection attempt would fail otherwise.
    const url = 'redis://127.0.0.1:1';
    await expect(createRedisStore(untyped({ url }) as never)).rejects.toThrow(
      new CutoverOptionsError('the store key must be 32 bytes (a Uint8Array or Buffer) for AES-256-GCM, got none'),
    );
    await expect(createRedisStore({ url, key: 'x'.repeat(32) as never })).rejects.toThrow('got a string');
    await expect(createRedisStore({ url, key: new Uint8Array(16) })).rejects.toThrow('got 16 bytes');
    // A key of 32 bytes made in another realm (a vm context, as some test environments hand them over) is one.
    const otherRealmKey = runInNewContext('new Uint8Array(32)') as Uint8Array;
    await expect(createRedisStore({ url, key: otherRealmKey, connectTimeoutMs: 200 })).rejects.not.toThrow(CutoverOptionsError);
  });
});

describe('setStage and kill', () => {
  it('setStage refuses a misspelt stage and leaves the mapping where it was', async () => {
    const cutover = createCutover(base());
    await expect(cutover.setStage('dc', untyped({ kind: 'rmap', percent: 10 }) as never)).rejects.toThrow(
      new CutoverOptionsError(`setStage("dc"): stage.kind: Invalid discriminator value. Expected 'v1' | 'shadow' | 'live' | 'ramp' | 'v2'`),
    );
    expect(await cutover.stageOf('dc')).toEqual({ kind: 'live', sample: 0 });
    const { instanceId } = await cutover.startJourney(start);
    expect(instanceId).toEqual(expect.any(String));
    await cutover.close();
  });

  it('kill kills the mappings it knows before refusing a name it does not', async () => {
    const cutover = createCutover({ ...base(), mappings: [mapping, { ...mapping, name: 'other', v1: 'other-v1' }] });
    await expect(cutover.kill(['dc', 'tpyo'])).rejects.toThrow(
      new CutoverOptionsError('no mapping is named "tpyo" (the others named were killed): the mappings are dc, other'),
    );
    expect(await cutover.stageOf('dc')).toEqual({ kind: 'v1' });
    expect(await cutover.stageOf('other')).toEqual({ kind: 'live', sample: 0 });
    await cutover.close();
  });

  it('setStage forward with the stage’s members in another order holds here without a word of a refused override', async () => {
    const { lines, logger } = keptLog();
    const cutover = createCutover({ ...base(), mappings: [{ ...mapping, stage: { kind: 'shadow', sample: 0.1 } }], logger });
    await cutover.setStage('dc', untyped({ sample: 0.5, kind: 'shadow' }) as never);
    expect(await cutover.stageOf('dc')).toEqual({ kind: 'shadow', sample: 0.5 });
    expect(lines).toEqual([]);
    await cutover.close();
  });

  it('answers stageOf of a name it does not have with a rejection, as setStage and kill do', async () => {
    const cutover = createCutover(base());
    const asked = cutover.stageOf('tpyo');
    await expect(asked).rejects.toThrow(CutoverOptionsError);
    await cutover.close();
  });

  it('counts an async onStageChange that rejects as the hook’s failure, never leaving the rejection unhandled', async () => {
    const unhandled: unknown[] = [];
    const heard = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', heard);
    try {
      const cutover = createCutover({ ...base(), onStageChange: async () => Promise.reject(new RangeError('the app’s async hook')) });
      await cutover.kill(['dc']);
      await cutover.close();
      // A turn of the event loop: an unhandled rejection is reported after the microtasks run out.
      await new Promise((resolve) => setImmediate(resolve));
      expect(unhandled).toEqual([]);
      expect(await cutover.metrics.failures.get()).toMatchObject({ values: [{ labels: { mapping: 'dc', part: 'hook' }, value: 1 }] });
    } finally {
      process.off('unhandledRejection', heard);
    }
  });

  it('sends the user information of a webhook URL as Basic authorization, as fetch cannot send it in the URL', async () => {
    const heard: { url?: string; authorization?: string }[] = [];
    const server = createServer((request, response) => {
      heard.push({ url: request.url, authorization: request.headers.authorization });
      request.resume().on('end', () => response.writeHead(204).end());
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const { port } = server.address() as AddressInfo;
    const { lines, logger } = keptLog();
    // As a URL object too, as code that builds its URLs hands them over.
    const url = new URL(`http://ops:hook%2Ftoken@127.0.0.1:${port}/cutover`);
    const cutover = createCutover({ ...base(), logger, webhook: { url } });
    try {
      await cutover.kill(['dc']);
      await vi.waitFor(() => expect(heard).toHaveLength(1));
      expect(heard).toEqual([{ url: '/cutover', authorization: `Basic ${Buffer.from('ops:hook/token').toString('base64')}` }]);
      expect(await cutover.metrics.failures.get()).toMatchObject({ values: [] });
      expect(JSON.stringify(lines)).not.toContain('token');
    } finally {
      await cutover.close();
      server.close();
    }
  });

  it('tells the other replicas of a kill though onStageChange throws, and logs the hook’s failure as its own', async () => {
    const store = createMemoryStore();
    const { lines, logger } = keptLog();
    const first = createCutover({
      ...base(),
      store,
      logger,
      onStageChange: () => {
        throw new RangeError('the app’s hook');
      },
    });
    const second = createCutover({ ...base(), store });
    await first.kill(['dc']);
    expect(await second.stageOf('dc')).toEqual({ kind: 'v1' });
    expect(lines.filter(({ message }) => message !== 'cutover: new journeys moved back')).toEqual([
      { message: 'cutover: onStageChange threw; the move stands', fields: { mapping: 'dc', error: 'RangeError' } },
    ]);
    expect(await first.metrics.failures.get()).toMatchObject({ values: [{ labels: { mapping: 'dc', part: 'hook' }, value: 1 }] });
    await Promise.all([first.close(), second.close()]);
  });
});

describe('a stored stage override', () => {
  it('written by a newer version, with members this one does not know, is followed', async () => {
    const store = createMemoryStore();
    const stage = { kind: 'v1', since: 'a newer version' } as unknown as Stage;
    await store.setOverride('dc', { stage, from: mapping.stage, reason: 'kill', at: new Date().toISOString(), by: 'ops' } as StageOverride);
    const cutover = createCutover({ ...base(), store });
    expect(await cutover.stageOf('dc')).toEqual({ kind: 'v1' });
    await cutover.close();
  });
});

describe('a stored stage override that is not one', () => {
  /** A memory store whose override of `dc` holds `written`, as a hand-made write in redis-cli could. */
  function storeHolding(written: unknown): PairingStore {
    const store = createMemoryStore();
    return { ...store, overrideOf: async () => written as StageOverride };
  }

  it.each([
    [
      'a stage kind in capitals',
      { stage: { kind: 'V1' }, from: { kind: 'live', sample: 0 }, reason: 'kill', at: new Date().toISOString() },
    ],
    ['no stage', { from: { kind: 'live', sample: 0 }, reason: 'kill', at: new Date().toISOString() }],
    ['a string', 'kill'],
  ])('(%s) is ignored and logged without its content: starts follow the configured stage', async (_, written) => {
    const { lines, logger } = keptLog();
    const cutover = createCutover({ ...base(), store: storeHolding(written), logger });
    for (let index = 0; index < 3; index++) {
      const { instanceId } = await cutover.startJourney(start);
      expect(instanceId).toEqual(expect.any(String));
    }
    expect(await cutover.stageOf('dc')).toEqual({ kind: 'live', sample: 0 });
    expect(lines).toEqual([
      { message: 'cutover: a stored stage override that is not one is ignored', fields: { mapping: 'dc', configured: 'live 0%' } },
    ]);
    await cutover.close();
  });
});
