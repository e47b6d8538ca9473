import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const CLI = fileURLToPath(new URL('../src/cli.ts', import.meta.url));

/** A `journey-bridge serve` child process. */
export interface ShimProcess {
  readonly url: string;
  readonly child: ChildProcess;
  /** Everything it wrote to stdout (JSON log lines) so far. */
  stdout(): string;
  /** SIGTERM, then the exit code. */
  stop(): Promise<number | null>;
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

const spawnCli = (args: string[], env: NodeJS.ProcessEnv) =>
  spawn(process.execPath, ['--conditions=@journey-bridge/source', '--import', 'tsx', CLI, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...env },
  });

/** Spawns the CLI with `args`; resolves once it listens (or rejects with what it said when it exits first). */
export async function startShimProcess(args: string[], env: NodeJS.ProcessEnv = {}): Promise<ShimProcess> {
  const child = spawnCli(args, env);
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk) => (stdout += chunk));
  const url = await new Promise<string>((resolve, reject) => {
    child.stderr?.on('data', (chunk) => {
      stderr += chunk;
      const match = /listening on (http:\/\/\S+)/.exec(stderr);
      if (match?.[1]) resolve(match[1]);
    });
    child.once('exit', (code) => reject(new Error(`journey-bridge exited with ${code}: ${stderr}`)));
  });
  return {
    url,
    child,
    stdout: () => stdout,
    async stop() {
      if (child.exitCode !== null) return child.exitCode;
      child.kill('SIGTERM');
      const [code] = await once(child, 'exit');
      return code as number | null;
    },
  };
}

/** Runs the CLI to completion. */
export async function runCli(
  args: string[],
  env: NodeJS.ProcessEnv = {},
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, ['--conditions=@journey-bridge/source', '--import', 'tsx', CLI, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...env },
  });
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk) => (stdout += chunk));
  child.stderr?.on('data', (chunk) => (stderr += chunk));
  const [code] = await once(child, 'exit');
  return { code: code as number | null, stdout, stderr };
}
