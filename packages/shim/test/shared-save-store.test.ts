import { randomBytes } from 'node:crypto';
import { createSimulator } from '@journey-bridge/simulator';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { journeyMap, journeys, variantIds } from '../../adapter/test/targets.js';
import { redisAvailable, startRedis, type TestRedis } from '../../cutover/test/redis-server.js';
import { exitOf, journeyMapFile, removeTempDirs, type ShimCli, serveArgs, startShimCli } from './shim-cli.js';

const STORE_KEY = randomBytes(32).toString('base64');
const DATA_CHECK_V1 = 'a1d7c3f0data-check-v1@latest';

describe.runIf(redisAvailable())('two shim replicas sharing a redis-server, without a cutover', () => {
  const sim = createSimulator({ journeys, clock: { manual: true } });
  let upstream: Awaited<ReturnType<typeof sim.listen>>;
  let redis: TestRedis;
  let replicas: ShimCli[];
  beforeAll(async () => {
    upstream = await sim.listen();
    redis = await startRedis();
    const map = await journeyMapFile({ journeys: journeyMap, variantIds });
    const args = serveArgs(`${upstream.url}/eu/v2/captain/`, map, '--store', redis.url);
    replicas = await Promise.all([
      startShimCli(args, { JOURNEY_BRIDGE_STORE_KEY: STORE_KEY }),
      startShimCli(args, { JOURNEY_BRIDGE_STORE_KEY: STORE_KEY }),
    ]);
  });
  afterAll(async () => {
    await Promise.all((replicas ?? []).map((replica) => replica.stop()));
    await upstream?.close();
    await redis?.stop();
    await removeTempDirs();
  });

  /** A legacy app's plain v1 call, through the replica a round-robin balancer picks for call `n`. */
  const token = sim.issueToken();
  let calls = 0;
  async function v1(path: string, body: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
    const replica = replicas[calls++ % 2] as ShimCli;
    const answer = await fetch(`${replica.url}/captain/api/journey/${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: answer.status, body: (await answer.json()) as Record<string, unknown> };
  }
  async function started() {
    const { body } = await v1('start', { resourceId: DATA_CHECK_V1, context: { config: { async: true }, subject: {} } });
    const instanceId = body.instanceId as string;
    const list = await v1('task/list', { instanceId });
    return { instanceId, taskId: (list.body.tasks as { taskId: string }[])[0]?.taskId ?? '' };
  }

  it('serve a form of pages whose Save and Complete reach different replicas, holding none of its data in the clear', async () => {
    const { instanceId, taskId } = await started();
    const saved = await v1('task/update', {
      intent: 'Save',
      instanceId,
      taskId,
      context: { subject: { identity: { firstName: 'Ada', dateOfBirth: '1990-12-10' } } },
    });
    expect(saved.status).toBe(200);
    const raw = new Redis(redis.url);
    const names = await raw.keys('journey-bridge:adapter:save:*');
    // Drafts are lists (a Save each), the rest strings.
    const held = await Promise.all(
      names.map(async (name) => ((await raw.type(name)) === 'list' ? (await raw.lrange(name, 0, -1)).join('') : raw.get(name))),
    );
    await raw.quit();
    expect(names).toContain(`journey-bridge:adapter:save:draft:${taskId}`);
    expect(held.join('')).not.toMatch(/Ada|1990/);

    const completed = await v1('task/update', {
      intent: 'Complete',
      instanceId,
      taskId,
      context: { subject: { identity: { lastNames: ['Lovelace'] } } },
    });
    expect(completed).toEqual({ status: 200, body: { instanceId, taskId } });
    sim.core.clock.advance(5000);
    expect((await v1('state/fetch', { instanceId })).body.status).toBe('Completed');
  });

  it('list the task a Save completed on every replica, and answer the Complete v1 code then sends as v1 did', async () => {
    const { instanceId, taskId } = await started();
    const person = { identity: { firstName: 'Ada', lastNames: ['Lovelace'], dateOfBirth: '1990-12-10' } };
    expect((await v1('task/update', { intent: 'Save', instanceId, taskId, context: { subject: person } })).status).toBe(200);
    sim.core.clock.advance(5000);
    for (let i = 0; i < 2; i += 1) expect((await v1('task/list', { instanceId })).body.tasks).toMatchObject([{ taskId }]);
    expect(await v1('task/update', { intent: 'Complete', instanceId, taskId, context: { subject: person } })).toEqual({
      status: 200,
      body: { instanceId, taskId },
    });
    expect((await v1('task/list', { instanceId })).body).toMatchObject({ status: 'Completed', tasks: [] });
  });
});

describe.runIf(redisAvailable())('a shim that cannot start after opening its Redis stores', () => {
  it('closes their connections before it exits 2 (a cutover whose two mappings map one v1 id)', async () => {
    const redis = await startRedis();
    try {
      const v1 = DATA_CHECK_V1.replace('@latest', '');
      const mapping = (name: string) => ({ name, v1, v2: 'b2e8d4a1data-check-v2', stage: { kind: 'v1' } });
      const cutover = JSON.stringify({ v1Upstream: 'https://eu.example/captain/api/', mappings: [mapping('dc'), mapping('dc2')] });
      const args = serveArgs('eu', await journeyMapFile({ journeys: journeyMap }), '--cutover', cutover, '--store', redis.url);
      const { code, stderr } = await exitOf(args, { JOURNEY_BRIDGE_STORE_KEY: STORE_KEY });
      expect(code).toBe(2);
      expect(stderr).toContain('both map the v1 resourceId');
      const raw = new Redis(redis.url);
      // Only this connection: the shim's two were closed (a QUIT is answered before the server drops the client).
      await vi.waitFor(async () => expect(((await raw.client('LIST')) as string).trim().split('\n')).toHaveLength(1));
      await raw.quit();
    } finally {
      await redis.stop();
      await removeTempDirs();
    }
  });
});

describe('a shared store without a cutover', () => {
  it('needs the store key: refused at start, exit 2, naming the setting', async () => {
    const { code, stderr } = await exitOf(
      serveArgs('eu', await journeyMapFile({ journeys: journeyMap }), '--store', 'redis://127.0.0.1:6379'),
    );
    expect(code).toBe(2);
    expect(stderr).toContain('needs storeKey');
    await removeTempDirs();
  });
});
