/**
 * The packages as npm users get them: built, packed with `pnpm pack`, installed with plain npm into a scratch
 * project outside the repository, and used there through their public entry points and binaries only.
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify, stripVTControlCharacters } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const PACKAGES = ['contract', 'client', 'simulator', 'adapter', 'cutover', 'shim', 'codemod'] as const;
/** Every entry point a user can import, by package. */
const ENTRIES = [...PACKAGES.map((name) => `@journey-bridge/${name}`), '@journey-bridge/codemod/jscodeshift-transform'];
/** Each binary, and the package that ships it. */
const BINARIES = { 'journey-sim': 'simulator', 'journey-bridge': 'shim', 'journey-codemod': 'codemod' } as const;

/** jscodeshift as the repository pins it (an optional peer of the codemod, so npm does not install it unasked). */
const JSCODESHIFT = `jscodeshift@${JSON.parse(readFileSync(join(ROOT, 'packages', 'codemod', 'node_modules', 'jscodeshift', 'package.json'), 'utf8')).version}`;

/** pnpm as this test was started (`npx pnpm@10 test:packaging`), else the same pinned major through npx. */
const pnpm = (args: string[], cwd: string) =>
  process.env.npm_execpath?.includes('pnpm')
    ? run(process.execPath, [process.env.npm_execpath, ...args], { cwd })
    : run('npx', ['--yes', 'pnpm@10', ...args], { cwd });

let scratch: string;
const inScratch = (command: string, args: string[], cwd = scratch) =>
  run(command, args, { cwd, env: { ...process.env, NODE_OPTIONS: '' } });
const bin = (name: string) => join(scratch, 'node_modules', '.bin', name);

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'journey-bridge-install-'));
  const tarballs = join(scratch, 'tarballs');
  await pnpm(['-r', 'build'], ROOT);
  for (const name of PACKAGES) await pnpm(['pack', '--pack-destination', tarballs], join(ROOT, 'packages', name));
  const files = (await readdir(tarballs)).map((file) => join(tarballs, file));
  await writeFile(join(scratch, 'package.json'), JSON.stringify({ name: 'scratch', private: true }));
  // Plain npm, as a user would; the repository's TypeScript and Node types check the consumer files.
  await inScratch('npm', ['install', '--no-audit', '--no-fund', ...files, JSCODESHIFT]);
}, 600_000);

afterAll(async () => {
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

/** The nice value of each thread of process `pid` (Linux). */
async function niceValues(pid: number): Promise<number[]> {
  const tasks = await readdir(`/proc/${pid}/task`);
  const stats = await Promise.all(tasks.map((task) => readFile(`/proc/${pid}/task/${task}/stat`, 'utf8')));
  return stats.map((stat) => Number(stat.slice(stat.lastIndexOf(') ') + 2).split(' ')[16]));
}

/** An installed binary serving on a free port, once it prints its URL, and how to stop it (SIGTERM). */
async function startBinary(name: keyof typeof BINARIES, args: string[]): Promise<{ url: string; pid: number; stop(): Promise<void> }> {
  const child: ChildProcess = spawn(bin(name), args, { cwd: scratch, stdio: ['ignore', 'pipe', 'inherit'] });
  const url = await new Promise<string>((resolve, reject) => {
    let seen = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      seen += chunk;
      const match = /(http:\/\/[\w.:[\]-]+)/.exec(seen);
      if (match?.[1]) resolve(match[1]);
    });
    child.once('exit', (code) => reject(new Error(`${name} exited with ${code}: ${seen}`)));
  });
  return {
    url,
    pid: child.pid as number,
    async stop() {
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      await exited;
    },
  };
}

describe('installed from packed tarballs with npm', () => {
  it('packs no workspace: or catalog: specifiers', async () => {
    for (const name of PACKAGES) {
      const manifest = await readFile(join(scratch, 'node_modules', '@journey-bridge', name, 'package.json'), 'utf8');
      expect(manifest, name).not.toMatch(/"(workspace|catalog):/);
      expect(manifest, name).not.toContain('@journey-bridge/source');
      for (const file of ['README.md', 'LICENSE'])
        await expect(readFile(join(scratch, 'node_modules', '@journey-bridge', name, file), 'utf8'), `${name}/${file}`).resolves.not.toBe(
          '',
        );
    }
  });

  it('ships every source map a shipped file names', async () => {
    for (const name of PACKAGES) {
      const dir = join(scratch, 'node_modules', '@journey-bridge', name);
      // The installed package is the tarball's files (its own dependencies, if npm nested any, are not).
      const files = (await readdir(dir, { recursive: true, withFileTypes: true }))
        .filter((entry) => entry.isFile())
        .map((entry) => relative(dir, join(entry.parentPath, entry.name)))
        .filter((file) => !file.split(/[\\/]/).includes('node_modules'));
      const shipped = new Set(files);
      for (const file of files) {
        const url = /\/\/# sourceMappingURL=(\S+)\s*$/.exec(await readFile(join(dir, file), 'utf8'))?.[1];
        if (url && !url.startsWith('data:')) expect(shipped, `${name}/${file} names ${url}`).toContain(join(file, '..', url));
      }
    }
  });

  it.each(ENTRIES)('%s loads with import and with require', async (entry) => {
    // What each gives a caller: its named exports, or (a transform) the function jscodeshift calls.
    const shape = (module: string) =>
      `const m = ${module}; console.log(typeof m === 'function' ? 'function' : Object.keys(m).sort().join())`;
    const imported = await inScratch(process.execPath, ['--input-type=module', '-e', shape(`await import('${entry}')`)]);
    const required = await inScratch(process.execPath, ['-e', shape(`require('${entry}')`)]);
    expect(imported.stdout.trim()).not.toBe('');
    // The CommonJS build gives the same names as the ES module one; the transform is the function itself there.
    expect(required.stdout).toBe(entry.endsWith('/jscodeshift-transform') ? 'function\n' : imported.stdout);
    expect(imported.stderr).toBe('');
    expect(required.stderr).toBe('');
  });

  /**
   * Type-checks, in a project of its own with `compilerOptions`, the consumer file under each name in `consumers` and
   * a file requiring the transform as `requireFile`; our declaration files are checked too, not skipped.
   */
  async function typeChecks(name: string, consumers: string[], requireFile: string, compilerOptions: object) {
    const dir = join(scratch, `consumer-${name}`);
    await mkdir(dir, { recursive: true });
    const consumer = await readFile(new URL('consumer.ts', import.meta.url), 'utf8');
    for (const file of consumers) await writeFile(join(dir, file), consumer);
    // The transform's CommonJS build is the function itself (`module.exports = transform`): its declarations
    // must say so, or `t(...)` is refused and `t.default(...)`, which throws, passes.
    await writeFile(
      join(dir, requireFile),
      "import transform = require('@journey-bridge/codemod/jscodeshift-transform');\n" +
        "export const output: string | undefined = transform({ path: 'a.ts', source: '' }, {}, {});\n",
    );
    const common = { target: 'es2022', strict: true, noEmit: true, skipLibCheck: false, types: ['node'] };
    const typeRoots = [join(ROOT, 'node_modules', '@types')];
    await writeFile(
      join(dir, 'tsconfig.json'),
      JSON.stringify({ compilerOptions: { ...common, typeRoots, ...compilerOptions }, files: [...consumers, requireFile] }),
    );
    const tsc = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
    const checked = await inScratch(process.execPath, [tsc, '-p', dir]).catch((error: { stdout: string }) => error);
    expect(checked.stdout).toBe('');
  }

  it.each(['node16', 'nodenext'])('type-checks an ES module and a CommonJS consumer with module %s', async (module) => {
    await typeChecks(module, ['esm.mts', 'cjs.cts'], 'require.cts', { module, moduleResolution: module });
  });

  it('type-checks a CommonJS consumer with moduleResolution node10, as older projects still set it', async () => {
    // node10 reads no `exports`: the main entries resolve by `types`, the transform's subpath by `typesVersions`.
    // Without the DOM's types, as a Node project may be: what our declarations name must come from Node's.
    const options = { module: 'commonjs', moduleResolution: 'node10', esModuleInterop: true, lib: ['es2022'] };
    await typeChecks('node10', ['consumer.ts'], 'require.ts', options);
  });

  it.each(Object.entries(BINARIES))('%s answers --help and --version', async (name, from) => {
    const help = await inScratch(bin(name), ['--help']);
    expect(help.stdout).toMatch(/usage/i);
    const { version } = JSON.parse(await readFile(join(ROOT, 'packages', from, 'package.json'), 'utf8')) as { version: string };
    const printed = await inScratch(bin(name), ['--version']);
    expect(printed.stdout).toMatch(new RegExp(`^${name} ${version.replaceAll('.', '\\.')}\\b`));
  });

  it('journey-sim started with no arguments serves its own journeys, and the installed client completes one', async () => {
    const sim = await startBinary('journey-sim', []);
    try {
      await cp(new URL('complete-journey.mjs', import.meta.url), join(scratch, 'complete-journey.mjs'));
      const { stdout } = await inScratch(process.execPath, ['complete-journey.mjs', sim.url]);
      expect(JSON.parse(stdout)).toMatchObject({ status: 'Completed' });
    } finally {
      await sim.stop();
    }
  });

  it('journey-bridge serve with a cutover mirrors a legacy journey on its shadow thread and records the pair', async () => {
    const sim = await startBinary('journey-sim', []);
    const records = join(scratch, 'pairs.jsonl');
    const cutover = join(scratch, 'cutover.json');
    await writeFile(
      cutover,
      JSON.stringify({
        v1Upstream: `${sim.url}/eu/captain/api/`,
        mappings: [{ name: 'data-check', v1: 'a1d7c3f0data-check-v1', v2: 'b2e8d4a1data-check-v2', stage: { kind: 'shadow', sample: 1 } }],
        shadow: { pollIntervalMs: 20 },
        records,
      }),
    );
    const variantIds = JSON.stringify({ 'identity-check': 'kyc-eu-v3', 'age-check': 'age-eu-v1' });
    const args = ['serve', '--upstream', `${sim.url}/eu/v2/captain/`, '--variant-ids', variantIds, '--cutover', cutover, '--port', '0'];
    const shim = await startBinary('journey-bridge', args);
    try {
      await cp(new URL('legacy-journey.mjs', import.meta.url), join(scratch, 'legacy-journey.mjs'));
      const { stdout } = await inScratch(process.execPath, ['legacy-journey.mjs', shim.url, sim.url]);
      expect(JSON.parse(stdout)).toMatchObject({ status: 'Completed' });
      // The shadow ran from the built files (the cutover's worker, the shim's sides module) and compared the pair.
      await vi.waitFor(async () => expect(await readFile(records, 'utf8').catch(() => '')).toContain('"result":"match"'), {
        timeout: 20_000,
        interval: 50,
      });
      // On its own thread, at nice 19 (per thread on Linux): the shim's other threads keep the process's 0.
      if (process.platform === 'linux') expect(await niceValues(shim.pid)).toContain(19);
    } finally {
      await shim.stop();
      await sim.stop();
    }
  });

  it('a CommonJS script requires the simulator and the client and completes a journey, with nothing on stderr', async () => {
    await cp(new URL('complete-journey.cjs', import.meta.url), join(scratch, 'complete-journey.cjs'));
    const { stdout, stderr } = await inScratch(process.execPath, ['complete-journey.cjs']);
    expect(JSON.parse(stdout)).toMatchObject({ status: 'Completed' });
    expect(stderr).toBe('');
  });

  it('the ES module adapter over a client required as CommonJS answers 404 for an unknown instance, not 500', async () => {
    await cp(new URL('both-builds.mjs', import.meta.url), join(scratch, 'both-builds.mjs'));
    const { stdout, stderr } = await inScratch(process.execPath, ['both-builds.mjs']);
    expect(JSON.parse(stdout)).toEqual({ status: 404, twoBuilds: true, caughtByTheOtherBuild: true });
    expect(stderr).toBe('');
  });

  it('journey-codemod rewrites a small app in its own git repository', async () => {
    const app = join(scratch, 'app');
    await cp(join(ROOT, 'test-fixtures', 'legacy-apps', 'fetch-constants'), join(app, 'src'), { recursive: true });
    await cp(join(ROOT, 'test-fixtures', 'legacy-apps', 'journey-map.json'), join(app, 'journey-map.json'));
    const git = (...args: string[]) => inScratch('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args], app);
    await git('init', '-q');
    await git('add', '.');
    await git('commit', '-qm', 'v1 app');
    const result = await inScratch(bin('journey-codemod'), ['src', '--journey-map', 'journey-map.json', '--report', 'report.json'], app);
    // The summary goes to stderr (stdout is kept for --print and --json); a failure would have rejected above.
    expect(result.stderr).toContain('flows: 1 migrated whole, 0 left on v1');
    const changed = await git('status', '--porcelain');
    expect(changed.stdout).toMatch(/src\/.*\.ts/);
    const report = JSON.parse(await readFile(join(app, 'report.json'), 'utf8')) as { flows: { decision: string }[] };
    expect(report.flows.map((flow) => flow.decision)).toEqual(['migrated']);
    expect(await readFile(join(app, 'src', 'endpoints.ts'), 'utf8')).toContain('/eu/v2/captain');
    // The helper module comes from the installed package's helpers/ and is written into the app's own tree.
    expect(await readFile(join(app, 'src', 'service.ts'), 'utf8')).toContain("from './journey-v2.js'");
    expect(await readFile(join(app, 'src', 'journey-v2.ts'), 'utf8')).toContain('export');
  });

  it("jscodeshift's command line runs the transform with --no-babel, as docs/codemod.md shows", async () => {
    const fixtures = join(ROOT, 'test-fixtures', 'codemod');
    const dir = join(scratch, 'jscodeshift');
    await mkdir(dir, { recursive: true });
    await cp(join(fixtures, 'call-styles', 'axios-default.input.ts'), join(dir, 'client.ts'));
    await cp(join(fixtures, 'journey-map.json'), join(scratch, 'journey-map.json'));
    const transform = join('node_modules', '@journey-bridge', 'codemod', 'dist', 'jscodeshift-transform.cjs');
    const args = ['--no-babel', '--parser=ts', '--extensions=ts', '-t', transform, '--journeyMap=journey-map.json', 'jscodeshift'];
    const { stdout } = await inScratch(bin('jscodeshift'), args);
    // Colored under CI=1 (its color library reads CI), which puts an escape code right before the count.
    expect(stripVTControlCharacters(stdout)).toMatch(/\b1 ok\b/);
    expect(await readFile(join(dir, 'client.ts'), 'utf8')).toBe(
      await readFile(join(fixtures, 'call-styles', 'axios-default.output.ts'), 'utf8'),
    );
  });
});
