import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { main, type RunningCli } from '../src/cli.js';

/** A `journey-bridge serve` that `main` started in this process. */
export interface ShimCli {
  readonly url: string;
  /** Everything it wrote to stdout (JSON log lines) so far. */
  stdout(): string;
  /** Stops it as SIGTERM would, then gives the exit code. */
  stop(): Promise<number>;
}

const tempDirs: string[] = [];

/** A fresh temporary directory, removed by `removeTempDirs`. */
export async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'journey-bridge-'));
  tempDirs.push(dir);
  return dir;
}

/** Removes every directory `tempDir` made; call it from `afterAll`. */
export const removeTempDirs = (): Promise<unknown> =>
  Promise.all(tempDirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));

/** Writes a journey map file and returns its path. */
export async function journeyMapFile(map: unknown): Promise<string> {
  const file = join(await tempDir(), 'journey-map.json');
  await writeFile(file, JSON.stringify(map));
  return file;
}

/** The `serve` arguments for an upstream v2 base and a journey map file, on a free loopback port. */
export const serveArgs = (upstream: string, journeyMap: string, ...extra: string[]): string[] => [
  'serve',
  '--upstream',
  upstream,
  '--journey-map',
  journeyMap,
  '--port',
  '0',
  ...extra,
];

/** Runs `main` with `args` and `env` (instead of the process's), from `cwd` if given, collecting what it writes. */
export async function runCli(
  args: string[],
  env: NodeJS.ProcessEnv = {},
  cwd?: string,
): Promise<{ result: number | RunningCli; stdout: () => string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const io = {
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
    env,
    ...(cwd !== undefined && { cwd }),
  };
  const result = await main(args, io);
  return { result, stdout: () => stdout, stderr };
}

/** Runs `main` expecting it to end with an exit code rather than serve. */
export async function exitOf(
  args: string[],
  env: NodeJS.ProcessEnv = {},
  cwd?: string,
): Promise<{ code: number; stdout: string; stderr: string }> {
  const { result, stdout, stderr } = await runCli(args, env, cwd);
  if (typeof result !== 'number') {
    await result.stop('SIGTERM');
    throw new Error(`expected an exit code, the shim serves on ${result.url}`);
  }
  return { code: result, stdout: stdout(), stderr };
}

/** Runs `main` with `args`; resolves once it listens (or rejects with what it said when it ends instead). */
export async function startShimCli(args: string[], env: NodeJS.ProcessEnv = {}): Promise<ShimCli> {
  const { result, stdout, stderr } = await runCli(args, env);
  if (typeof result === 'number') throw new Error(`journey-bridge exited with ${result}: ${stderr}`);
  let stopped: Promise<number> | undefined;
  return {
    url: result.url,
    stdout,
    stop: () => {
      stopped ??= result.stop('SIGTERM');
      return stopped;
    },
  };
}
