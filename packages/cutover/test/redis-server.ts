import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { afterAll, beforeAll, onTestFinished } from 'vitest';

/** A `redis-server` of a test's own, on loopback. */
export interface TestRedis {
  readonly url: string;
  /** The server's process, for a test that freezes it (`SIGSTOP`) as a hung Redis. */
  readonly pid: number;
  stop(): Promise<void>;
}

/** Whether `redis-server` can run here. Under CI it must: a missing binary is a failure there, not a skip. */
export function redisAvailable(): boolean {
  const found = spawnSync('redis-server', ['--version']).status === 0;
  if (!found && process.env.CI) throw new Error('redis-server is missing: .ci/run installs it (apt-get install -y redis-server)');
  if (!found) console.warn('redis-server is not installed: skipping the Redis tests (apt-get install -y redis-server)');
  return found;
}

async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * Starts `redis-server` on a loopback port (a free one unless given: the same port again is a Redis that restarted
 * empty) with nothing persisted, resolving once it accepts connections.
 */
export async function startRedis(port?: number): Promise<TestRedis> {
  if (port !== undefined) return startRedisOn(port);
  // A port released by `freePort` can be taken by another worker's listener before redis-server binds it.
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await startRedisOn(await freePort());
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
}

async function startRedisOn(port: number): Promise<TestRedis> {
  const child: ChildProcess = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--protected-mode', 'yes'],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  await new Promise<void>((resolve, reject) => {
    let output = '';
    child.once('exit', (code) => reject(new Error(`redis-server exited with ${code}: ${output.slice(-500)}`)));
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Ready to accept connections')) resolve();
    });
  });
  child.stdout?.resume();
  return {
    url: `redis://127.0.0.1:${port}`,
    pid: child.pid as number,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = once(child, 'exit');
      // A frozen server would hold the SIGTERM until it runs again.
      child.kill('SIGCONT');
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** `startRedis` for one test: stopped when the test ends, whether its assertions held or not. */
export async function redisForTest(port?: number): Promise<TestRedis> {
  const redis = await startRedis(port);
  onTestFinished(() => redis.stop());
  return redis;
}

/**
 * `startRedis` for the enclosing suite: started before its first test, stopped after its last. The object is filled
 * in when the server has started, so its tests read `url` and `pid` as they would a `TestRedis`.
 */
export function redisForSuite(): TestRedis {
  const suite: { url: string; pid: number; stop(): Promise<void> } = { url: '', pid: 0, stop: async () => {} };
  beforeAll(async () => {
    Object.assign(suite, await startRedis());
  });
  afterAll(() => suite.stop());
  return suite;
}
