import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { join } from 'node:path';
import type { PairRecord } from '@journey-bridge/cutover';
import { bundledJourneysDir, createSimulator, loadJourneys, type RunningSimulator, type Simulator } from '@journey-bridge/simulator';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { redisAvailable, redisForSuite, startRedis, type TestRedis } from '../../cutover/test/redis-server.js';
import { resolveConfig } from '../src/config.js';
import { createShimHandler } from '../src/shim-handler.js';
import { exitOf, removeTempDirs, type ShimCli, startShimCli, tempDir } from './shim-cli.js';

const journeys = await loadJourneys(bundledJourneysDir);
const dataCheck = journeys.find((journey) => journey.id === 'data-check');
const V1 = dataCheck?.resourceIds.v1.production as string;
const V2 = dataCheck?.resourceIds.v2.production as string;
const variantIds = Object.fromEntries(
  journeys.flatMap((journey) => journey.segments.flatMap((s) => s.modules.map((m) => [m.id, m.variantId]))),
);
const person = { identity: { firstName: 'Ada', lastNames: ['Lovelace'], dateOfBirth: '1990-12-10' } };
const CONTROL_SECRET = 'a-control-secret-for-the-kill-switch';

let sim: Simulator;
let platform: RunningSimulator;
let token: string;
beforeAll(async () => {
  sim = createSimulator({ journeys, clock: { scale: 200 } });
  platform = await sim.listen();
  token = sim.issueToken();
});
afterAll(async () => {
  await platform.close();
  await removeTempDirs();
});

/** `journey-bridge serve --cutover FILE` over the simulator, every journey of the data check mirrored on v2. */
async function serveWithCutover(cutover: Record<string, unknown>, env: NodeJS.ProcessEnv = {}, ...flags: string[]): Promise<ShimCli> {
  const dir = await tempDir();
  const file = join(dir, 'cutover.json');
  await writeFile(
    file,
    JSON.stringify({
      v1Upstream: `${platform.url}/eu/captain/api/`,
      mappings: [{ name: 'data-check', v1: V1, v2: V2, stage: { kind: 'shadow', sample: 1 } }],
      // On its own thread only where a test says so: each thread loads the sources through tsx (about a second
      // of CPU), and shadow-thread.test.ts and the replica test below cover it.
      shadow: { pollIntervalMs: 10, quietMs: 0, timeoutMs: 20_000, thread: false },
      ...cutover,
    }),
  );
  return startShimCli(
    [
      'serve',
      '--upstream',
      `${platform.url}/eu/v2/captain/`,
      '--variant-ids',
      JSON.stringify(variantIds),
      '--cutover',
      file,
      '--port',
      '0',
      '--log-level',
      'silent',
      ...flags,
    ],
    env,
  );
}

/** `journey-bridge serve --cutover FILE` with `mappings` in the file, expected to exit. */
async function serveMappings(mappings: unknown[], more: Record<string, unknown> = {}) {
  const file = join(await tempDir(), 'cutover.json');
  await writeFile(file, JSON.stringify({ v1Upstream: `${platform.url}/eu/captain/api/`, mappings, ...more }));
  return exitOf(['serve', '--upstream', `${platform.url}/eu/v2/captain/`, '--cutover', file, '--port', '0', '--log-level', 'silent']);
}

describe('a cutover file whose mappings collide', () => {
  it('exits 2 naming both mappings when two map one v1 resourceId (bare and @latest are one)', async () => {
    const { code, stderr } = await serveMappings([
      { name: 'dc', v1: V1, v2: V2, stage: { kind: 'v1' } },
      { name: 'dc2', v1: `${V1}@latest`, v2: V2, stage: { kind: 'v2' } },
    ]);
    expect(code).toBe(2);
    expect(stderr).toContain(`the cutover file: mappings "dc" and "dc2" both map the v1 resourceId "${V1}"`);
    expect(stderr).toContain('Run journey-bridge serve --help for the options.');
  });

  it('exits 2, not as a listen failure, when two mappings have one name', async () => {
    const { code, stderr } = await serveMappings([
      { name: 'dc', v1: V1, v2: V2, stage: { kind: 'v1' } },
      { name: 'dc', v1: 'another-v1-id', v2: V2, stage: { kind: 'v1' } },
    ]);
    expect(code).toBe(2);
    expect(stderr).toContain('the cutover file: two mappings are named "dc"');
    expect(stderr).not.toContain('cannot listen');
  });
});

describe('a cutover file with a key it does not have', () => {
  it('exits 2 naming the key', async () => {
    const { code, stderr } = await serveMappings([{ name: 'dc', v1: V1, v2: V2, stage: { kind: 'v1' } }], { stagee: 1 });
    expect(code).toBe(2);
    expect(stderr).toMatch(/cutover \(flag --cutover\) is invalid: unknown key\(s\) "stagee"; expected/);
  });
});

describe('a records file that cannot be written', () => {
  it('is refused at start with exit 2, naming the setting, the path and why', async () => {
    const records = await tempDir();
    const { code, stderr } = await serveMappings([{ name: 'dc', v1: V1, v2: V2, stage: { kind: 'shadow', sample: 1 } }], { records });
    expect(code).toBe(2);
    expect(stderr).toContain(`cannot write records (the "records" of cutover, flag --cutover) ${records}: EISDIR`);
  });
});

async function v1Call(shim: ShimCli, path: string, body: unknown, bearer = token): Promise<Record<string, any>> {
  const response = await fetch(`${shim.url}/captain/api/journey/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${bearer}` },
    body: JSON.stringify(body),
  });
  const json = (await response.json()) as Record<string, any>;
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${JSON.stringify(json)}`);
  return json;
}

/**
 * A legacy app's journey across replicas: the start on the first, the task list and the submit on the next (so the
 * replica mirroring the journey is fed a submission another one held), then state polls in turn.
 */
async function alternatingJourney(shims: readonly ShimCli[]): Promise<string> {
  let next = 0;
  const shim = () => shims[next++ % shims.length] as ShimCli;
  const { instanceId } = await v1Call(shim(), 'start', { resourceId: `${V1}@latest`, context: { config: { async: true }, subject: {} } });
  const other = shim();
  const tasks = await v1Call(other, 'task/list', { instanceId });
  await v1Call(other, 'task/update', { intent: 'Complete', instanceId, taskId: tasks.tasks[0].taskId, context: { subject: person } });
  for (let polls = 0; polls < 500; polls += 1) {
    const state = await v1Call(shim(), 'state/fetch', { instanceId });
    if (state.status !== 'InProgress') return state.status as string;
  }
  throw new Error('the journey did not end');
}

const recordsIn = async (...files: string[]): Promise<PairRecord[]> =>
  (await Promise.all(files.map((file) => readFile(file, 'utf8').catch(() => ''))))
    .flatMap((text) => text.split('\n'))
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as PairRecord);

describe.runIf(redisAvailable())('a Redis store the shim cannot use', () => {
  let redis: TestRedis;
  const env = { JOURNEY_BRIDGE_STORE_KEY: randomBytes(32).toString('base64') };
  /** `serve` with `--store url`, expected to exit before it listens. */
  const serveStore = (store: string) =>
    exitOf(['serve', '--upstream', `${platform.url}/eu/v2/captain/`, '--cutover', CUTOVER_OF_ONE, '--store', store, '--port', '0'], env);
  const CUTOVER_OF_ONE = JSON.stringify({
    v1Upstream: 'https://eu.example/captain/api/',
    mappings: [{ name: 'dc', v1: V1, v2: V2, stage: { kind: 'shadow', sample: 1 } }],
  });
  beforeAll(async () => {
    redis = await startRedis();
    // The shim has no Redis client of its own to say it with: one inline command, answered +OK.
    const raw = connect(Number(new URL(redis.url).port), '127.0.0.1');
    raw.end('CONFIG SET requirepass the-password\r\n');
    const [answer] = (await once(raw, 'data')) as [Buffer];
    expect(answer.toString()).toBe('+OK\r\n');
    raw.destroy();
  });
  afterAll(async () => {
    await redis?.stop();
  });
  const withPassword = (password: string) => redis.url.replace('redis://', `redis://:${password}@`);

  it('exits 2 before listening when the path is not a database number, the password hidden', async () => {
    const { code, stdout, stderr } = await serveStore(`${withPassword('the-password')}/abc`);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toContain(
      `journey-bridge: store "${withPassword('***')}/abc" (flag --store) is invalid: the path must be a database number; expected memory, or a redis://`,
    );
    expect(stderr).not.toContain('the-password');
  });

  it.each([
    [
      'a database the server does not have',
      () => `${withPassword('the-password')}/99`,
      'Redis refused database 99: ERR DB index is out of range',
    ],
    ['a wrong password', () => withPassword('wrong-one'), 'Redis refused the credentials: WRONGPASS'],
    ['no password', () => redis.url, 'Redis asks for credentials the URL does not give (NOAUTH)'],
  ])('exits 1 before listening on %s, saying so with the password hidden', async (_, store, reason) => {
    const { code, stdout, stderr } = await serveStore(store());
    expect(code).toBe(1);
    expect(stdout).not.toContain('listening');
    expect(stderr).toMatch(/^journey-bridge: cannot use the store redis:\/\/(:\*\*\*@)?127\.0\.0\.1:\d+(\/99)?: /);
    expect(stderr).toContain(reason);
    expect(stderr).not.toMatch(/the-password|wrong-one/);
  });
});

describe.runIf(redisAvailable())('two shim replicas sharing a redis-server', () => {
  const redis = redisForSuite();
  // Every replica of one Redis needs the same key, across these tests too: the first to use it leaves its check.
  const env = { JOURNEY_BRIDGE_STORE_KEY: randomBytes(32).toString('base64') };

  it('pair and compare every journey when requests alternate between them', async () => {
    const dir = await tempDir();
    const files = [join(dir, 'a.jsonl'), join(dir, 'b.jsonl')];
    // The first replica as deployed, its shadow's calls on a thread of their own; the second's on its own thread,
    // which spares a second start of a thread from source (about a second of CPU) and changes nothing the store carries.
    const replicas = await Promise.all(
      files.map((records, index) =>
        serveWithCutover({ records, store: redis.url, shadow: { pollIntervalMs: 10, timeoutMs: 20_000, thread: index === 0 } }, env),
      ),
    );
    const journeysRun = 6;
    const statuses = [];
    for (let i = 0; i < journeysRun; i += 1) statuses.push(await alternatingJourney(i % 2 === 0 ? replicas : [...replicas].reverse()));
    expect(statuses).toEqual(Array(journeysRun).fill('Completed'));
    await vi.waitFor(async () => expect(await recordsIn(...files)).toHaveLength(journeysRun), { timeout: 15_000, interval: 20 });
    const records = await recordsIn(...files);
    expect(records.map((record) => record.result)).toEqual(Array(journeysRun).fill('match'));
    // Every journey was mirrored by the replica that started it, fed by submissions the other replica held.
    expect(new Set(records.map((record) => record.v1Instance)).size).toBe(journeysRun);
    // The v1 side's calls go over each replica's own pool, timed like the v2 ones (v1 paths are labelled "other").
    // The shadow's v2 calls went there only on the second replica: the first one's went over its thread's own pool.
    const metrics = await Promise.all(replicas.map(async (replica) => (await fetch(`${replica.url}/metrics`)).text()));
    for (const text of metrics)
      expect(Number(/upstream_request_duration_seconds_count\{path="other",status="200"\} (\d+)/.exec(text)?.[1])).toBeGreaterThan(0);
    expect(metrics.map((text) => /upstream_request_duration_seconds_count\{path="v2\//.test(text))).toEqual([false, true]);
    await Promise.all(replicas.map((replica) => replica.stop()));
  });

  it('in live, serve a form whose Save and Complete reach different replicas, and compare it with its v1 shadow', async () => {
    const dir = await tempDir();
    const files = [join(dir, 'a.jsonl'), join(dir, 'b.jsonl')];
    const live = { mappings: [{ name: 'data-check', v1: V1, v2: V2, stage: { kind: 'live', sample: 1 } }], store: redis.url };
    const [a, b] = (await Promise.all(files.map((records) => serveWithCutover({ ...live, records }, env)))) as [ShimCli, ShimCli];
    const { instanceId } = await v1Call(a, 'start', { resourceId: `${V1}@latest`, context: { config: { async: true }, subject: {} } });
    const { taskId } = (await v1Call(b, 'task/list', { instanceId })).tasks[0];
    const firstPage = { identity: { firstName: 'Ada', dateOfBirth: '1990-12-10' } };
    await v1Call(a, 'task/update', { intent: 'Save', instanceId, taskId, context: { subject: firstPage } });
    await v1Call(b, 'task/update', {
      intent: 'Complete',
      instanceId,
      taskId,
      context: { subject: { identity: { lastNames: ['Lovelace'] } } },
    });
    await vi.waitFor(async () => expect((await v1Call(a, 'state/fetch', { instanceId })).status).toBe('Completed'), {
      timeout: 10_000,
      interval: 20,
    });
    await vi.waitFor(async () => expect(await recordsIn(...files)).toHaveLength(1), { timeout: 15_000, interval: 20 });
    expect((await recordsIn(...files))[0]).toMatchObject({ stage: 'live', result: 'match' });
    await Promise.all([a.stop(), b.stop()]);
  });
});

describe('the primary, v1, as the app would reach it', () => {
  it('answers a v1 failure as v1 gave it, once: no retry of the shim changes or delays it', async () => {
    const shim = await serveWithCutover({});
    // A journey no mapping names: served by v1 alone, with no mirror whose reads could take the fault first.
    const { instanceId } = await v1Call(shim, 'start', {
      resourceId: 'a7c1e3f5account-opening-v1@latest',
      context: { config: { async: true }, subject: {} },
    });
    sim.core.faults.add({ path: '/eu/captain/api/journey/state/fetch', status: 500, count: 1 });
    const failed = await fetch(`${shim.url}/captain/api/journey/state/fetch`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ instanceId }),
    });
    expect(failed.status).toBe(500);
    expect(sim.core.journal.count({ path: '/eu/captain/api/journey/state/fetch', status: 500 })).toBe(1);
    // The app's own retry, as the error table tells it, gets the state.
    expect((await v1Call(shim, 'state/fetch', { instanceId })).instanceId).toBe(instanceId);
    await shim.stop();
  });

  it('spells a failure as the v1 tenant did (Error), though the v1 client reads it as Failed', async () => {
    const spellsError = journeys.map((journey) =>
      journey.id === 'data-check' ? { ...journey, v1Dialect: { ...journey.v1Dialect, statuses: { Failed: 'Error' } } } : journey,
    );
    const tenant = createSimulator({ journeys: spellsError, clock: { scale: 200 } });
    const listening = await tenant.listen();
    try {
      const shim = await serveWithCutover({
        v1Upstream: `${listening.url}/eu/captain/api/`,
        mappings: [{ name: 'data-check', v1: V1, v2: V2, stage: { kind: 'v1' } }],
      });
      const tenantToken = tenant.issueToken();
      const { instanceId } = await v1Call(
        shim,
        'start',
        { resourceId: `${V1}@latest`, context: { config: { async: true }, subject: {} } },
        tenantToken,
      );
      const { tasks } = await v1Call(shim, 'task/list', { instanceId }, tenantToken);
      const outage = { identity: { ...person.identity, lastNames: ['Outage'] } };
      await v1Call(
        shim,
        'task/update',
        { intent: 'Complete', instanceId, taskId: tasks[0].taskId, context: { subject: outage } },
        tenantToken,
      );
      await vi.waitFor(async () => expect((await v1Call(shim, 'state/fetch', { instanceId }, tenantToken)).status).toBe('Error'), {
        timeout: 10_000,
        interval: 10,
      });
      expect((await v1Call(shim, 'task/list', { instanceId }, tenantToken)).status).toBe('Error');
      await shim.stop();
    } finally {
      await listening.close();
    }
  });
});

describe('a v1 start that names no journey, through the shim’s handler in-process', () => {
  it.each([
    ['without a resourceId', '{}'],
    ['with a number for one', '{"resourceId":5,"context":{}}'],
  ])('%s is answered as the shim without a cutover answers it, byte for byte', async (_, body) => {
    const dir = await tempDir();
    const cutoverFile = join(dir, 'cutover.json');
    await writeFile(
      cutoverFile,
      JSON.stringify({
        v1Upstream: `${platform.url}/eu/captain/api/`,
        mappings: [{ name: 'data-check', v1: V1, v2: V2, stage: { kind: 'v2' } }],
        shadow: { thread: false },
      }),
    );
    const journeyMap = join(dir, 'journey-map.json');
    await writeFile(journeyMap, JSON.stringify({ journeys: { [V1]: V2 }, variantIds }));
    const upstream = `${platform.url}/eu/v2/captain/`;
    const logger = pino({ level: 'silent' });
    const plain = createShimHandler({ config: await resolveConfig({ upstream, journeyMap }, {}), logger });
    const withCutover = createShimHandler({ config: await resolveConfig({ upstream, cutover: cutoverFile }, {}), logger });
    const start = (handler: typeof plain) =>
      handler.handle(
        new Request('http://journey-bridge.test/captain/api/journey/start', {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body,
        }),
      );
    try {
      const [expected, answer] = [await start(plain), await start(withCutover)];
      expect(expected.status).toBe(400);
      expect([answer.status, await answer.text()]).toEqual([expected.status, await expected.text()]);
    } finally {
      await Promise.all([plain.close(), withCutover.close()]);
    }
  });
});

describe('the records file', () => {
  it('is followed when log rotation renames it: the next pair goes to a new file at the configured path', async () => {
    const dir = await tempDir();
    const records = join(dir, 'pairs.jsonl');
    const rotated = join(dir, 'pairs-old.jsonl');
    const shim = await serveWithCutover({ records });
    await alternatingJourney([shim]);
    await vi.waitFor(async () => expect(await recordsIn(records)).toHaveLength(1), { timeout: 15_000, interval: 20 });
    await rename(records, rotated);
    await alternatingJourney([shim]);
    await vi.waitFor(async () => expect(await recordsIn(records)).toHaveLength(1), { timeout: 15_000, interval: 20 });
    await shim.stop();
    expect(await recordsIn(rotated)).toHaveLength(1);
  });
});

describe('the kill switch endpoint', () => {
  it('is refused without the control secret, and moves the next start to v1 alone with it', async () => {
    const dir = await tempDir();
    const records = join(dir, 'pairs.jsonl');
    const shim = await serveWithCutover({ records }, { JOURNEY_BRIDGE_CONTROL_SECRET: CONTROL_SECRET });
    const kill = (bearer: string) => fetch(`${shim.url}/cutover/kill`, { method: 'POST', headers: { authorization: `Bearer ${bearer}` } });
    expect((await kill('not-the-secret')).status).toBe(401);
    await alternatingJourney([shim]);
    await vi.waitFor(async () => expect(await recordsIn(records)).toHaveLength(1), { timeout: 15_000, interval: 20 });

    const killed = await kill(CONTROL_SECRET);
    expect(killed.status).toBe(200);
    expect(await killed.json()).toEqual({ killed: 'all', stage: 'v1' });
    await alternatingJourney([shim]);
    const metrics = await (await fetch(`${shim.url}/metrics`)).text();
    expect(metrics).toContain('journey_bridge_cutover_stage{mapping="data-check",stage="v1"} 1');
    expect(metrics).toContain('journey_bridge_cutover_rollbacks_total{mapping="data-check",reason="kill"} 1');
    await shim.stop();
    // The journey after the kill was not mirrored: still one record.
    expect(await recordsIn(records)).toHaveLength(1);
  });

  it('takes the secret without the line break a secret file ends with', async () => {
    const shim = await serveWithCutover({}, { JOURNEY_BRIDGE_CONTROL_SECRET: `${CONTROL_SECRET}\n` });
    const killed = await fetch(`${shim.url}/cutover/kill`, { method: 'POST', headers: { authorization: `Bearer ${CONTROL_SECRET}` } });
    expect(killed.status).toBe(200);
    await shim.stop();
  });

  it.runIf(redisAvailable())(
    'kills on its replica while the store is out of reach, and answers 503 to say the others were not told',
    async () => {
      const redis = await startRedis();
      const env = { JOURNEY_BRIDGE_STORE_KEY: randomBytes(32).toString('base64'), JOURNEY_BRIDGE_CONTROL_SECRET: CONTROL_SECRET };
      const shim = await serveWithCutover({ store: redis.url }, env);
      await redis.stop();
      const killed = await fetch(`${shim.url}/cutover/kill`, { method: 'POST', headers: { authorization: `Bearer ${CONTROL_SECRET}` } });
      expect(killed.status).toBe(503);
      expect(await killed.json()).toEqual({
        error: 'killed on this replica only: the store could not be told, so the other replicas were not; retry',
        killed: 'all',
        stage: 'v1',
      });
      const metrics = await (await fetch(`${shim.url}/metrics`)).text();
      expect(metrics).toContain('journey_bridge_cutover_stage{mapping="data-check",stage="v1"} 1');
      await shim.stop();
    },
  );

  it('kills the mappings it knows when a name is wrong, and names both; refuses a body that names none it knows, or none at all', async () => {
    const shim = await serveWithCutover({}, { JOURNEY_BRIDGE_CONTROL_SECRET: CONTROL_SECRET });
    const kill = (mappings: string[]) =>
      fetch(`${shim.url}/cutover/kill`, {
        method: 'POST',
        headers: { authorization: `Bearer ${CONTROL_SECRET}` },
        body: JSON.stringify({ mappings }),
      });
    const stages = async () =>
      (await (await fetch(`${shim.url}/metrics`)).text()).match(/cutover_stage\{mapping="data-check",stage="\w+"\} 1/g);
    const refused = await kill(['nope']);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ error: 'no mapping is named "nope": the mappings are data-check' });
    const none = await kill([]);
    expect(none.status).toBe(400);
    expect(await none.json()).toEqual({ error: 'the body names no mapping: send no body to kill every mapping' });
    expect(await stages()).toEqual(['cutover_stage{mapping="data-check",stage="shadow"} 1']);
    const killed = await kill(['nope', 'data-check']);
    expect(killed.status).toBe(200);
    expect(await killed.json()).toEqual({ killed: ['data-check'], unknown: ['nope'], stage: 'v1' });
    expect(await stages()).toEqual(['cutover_stage{mapping="data-check",stage="v1"} 1']);
    await shim.stop();
  });

  it('refuses a body over the body limit with 413, declared or streamed, and kills nothing', async () => {
    const shim = await serveWithCutover({}, { JOURNEY_BRIDGE_CONTROL_SECRET: CONTROL_SECRET, JOURNEY_BRIDGE_BODY_LIMIT_BYTES: '1000' });
    const body = JSON.stringify({ mappings: Array.from({ length: 5000 }, () => 'data-check') });
    const streamed = () =>
      new ReadableStream<Uint8Array>({
        start(controller) {
          for (let at = 0; at < body.length; at += 500) controller.enqueue(new TextEncoder().encode(body.slice(at, at + 500)));
          controller.close();
        },
      });
    for (const sent of [body, streamed()]) {
      const refused = await fetch(`${shim.url}/cutover/kill`, {
        method: 'POST',
        headers: { authorization: `Bearer ${CONTROL_SECRET}` },
        body: sent,
        duplex: 'half',
      } as RequestInit);
      expect(refused.status).toBe(413);
      expect(await refused.json()).toEqual({ error: 'the request body exceeds 1000 bytes' });
    }
    const metrics = await (await fetch(`${shim.url}/metrics`)).text();
    expect(metrics).toContain('journey_bridge_cutover_stage{mapping="data-check",stage="shadow"} 1');
    await shim.stop();
  });

  it('kills nothing, counts 499 and logs no failure for a caller that leaves before its body arrives', async () => {
    const shim = await serveWithCutover({}, { JOURNEY_BRIDGE_CONTROL_SECRET: CONTROL_SECRET });
    const { hostname, port } = new URL(shim.url);
    const socket = connect(Number(port), hostname);
    await once(socket, 'connect');
    socket.write(
      `POST /cutover/kill HTTP/1.1\r\nhost: ${hostname}\r\nauthorization: Bearer ${CONTROL_SECRET}\r\ncontent-type: application/json\r\ncontent-length: 100\r\n\r\n{"mappings": [`,
    );
    socket.destroy();
    const counted = 'journey_bridge_requests_total{route="kill",status="499"} 1';
    await vi.waitFor(async () => expect(await (await fetch(`${shim.url}/metrics`)).text()).toContain(counted), { timeout: 5000 });
    const metrics = await (await fetch(`${shim.url}/metrics`)).text();
    expect(metrics).not.toContain('status="500"');
    expect(metrics).toContain('journey_bridge_cutover_stage{mapping="data-check",stage="shadow"} 1');
    expect(shim.stdout()).not.toContain('unexpected failure');
    await shim.stop();
  });

  it('is off without a control secret', async () => {
    const shim = await serveWithCutover({});
    expect((await fetch(`${shim.url}/cutover/kill`, { method: 'POST' })).status).toBe(404);
    await shim.stop();
  });
});
