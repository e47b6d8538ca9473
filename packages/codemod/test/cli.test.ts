import { execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { chmod, cp, mkdir, mkdtemp, readdir, readFile, rename, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { commitAll } from '../../../test/support/git.js';
import { main } from '../src/cli.js';
import type { Report } from '../src/index.js';
import { runCli } from './run-cli.js';

const V1_CALL = `import axios from 'axios';

export async function tasks(instanceId: string) {
  return axios.post('https://eu.platform.go.gbgplc.com/captain/api/journey/task/list', { instanceId });
}
`;
const CLI = fileURLToPath(new URL('../bin/journey-codemod.mjs', import.meta.url));
// Resolved here: the binary runs in a temporary repository, where `--import tsx` would find no tsx.
const TSX = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
const MIGRATED_CALL = V1_CALL.replace('/captain/api/journey/task/list', '/v2/captain/journey/interaction/fetch');

let repo: string;
const git = (...args: string[]) => execFileSync('git', args, { cwd: repo, stdio: 'pipe' }).toString();
const read = (path: string) => readFile(join(repo, path), 'utf8');

async function write(files: Record<string, string>) {
  for (const [path, text] of Object.entries(files)) {
    await mkdir(join(repo, path, '..'), { recursive: true });
    await writeFile(join(repo, path), text);
  }
}

/** The project every test starts from, committed once: each test works on a copy (git's own spawns are the cost). */
let template: string;
beforeAll(async () => {
  repo = template = await mkdtemp(join(tmpdir(), 'journey-codemod-cli-template-'));
  await write({
    '.gitignore': 'generated/\n',
    'src/service.ts': V1_CALL,
    'src/crlf.js': V1_CALL.replace(': string', '').replaceAll('\n', '\r\n'),
    'src/plain.ts': 'export const answer = 42;\n',
    'src/broken.ts': `${V1_CALL}\nexport const = ;\n`,
    'generated/client.ts': V1_CALL,
    'node_modules/legacy/index.js': V1_CALL,
  });
  await commitAll(template);
});
afterAll(() => rm(template, { recursive: true, force: true }));

beforeEach(async () => {
  repo = await mkdtemp(join(tmpdir(), 'journey-codemod-cli-'));
  await cp(template, repo, { recursive: true });
});
afterEach(() => rm(repo, { recursive: true, force: true }));

describe('journey-codemod binary', () => {
  // The one spawned run: what only a real process shows. The rest runs in-process through `main`.
  it("run as `pnpm journey-codemod` (in the tool's repository), takes paths from where pnpm was started, exits 1 while v1 calls remain, and ends quietly when the reader of its output goes away (`--diff | head`)", async () => {
    const toolRepository = fileURLToPath(new URL('../../../', import.meta.url));
    const child = spawn(process.execPath, ['--conditions=@journey-bridge/source', '--import', TSX, CLI, 'src', '--check', '--diff'], {
      cwd: toolRepository,
      env: { ...process.env, npm_lifecycle_event: 'journey-codemod', INIT_CWD: repo },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    // Closed before the diff is written: every write to it fails with EPIPE.
    child.stdout.destroy();
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk));
    const [code] = (await once(child, 'exit')) as [number];
    expect(stderr).not.toContain('EPIPE');
    expect(stderr).toContain('src/service.ts:4 v1, migratable [endpoint.task-list]');
    expect(code).toBe(1);
    expect(await read('src/service.ts')).toBe(V1_CALL);
  });
});

describe('journey-codemod CLI', () => {
  it('takes a directory outside the working directory, still respecting its .gitignore', async () => {
    const elsewhere = await mkdtemp(join(tmpdir(), 'journey-codemod-cwd-'));
    try {
      const run = await runCli([repo, '--dry', '--report', join(elsewhere, 'report.json'), '--force'], elsewhere);
      expect(run.stderr).not.toContain('is not in cwd');
      const report = JSON.parse(await readFile(join(elsewhere, 'report.json'), 'utf8')) as Report;
      const files = new Set(report.sites.map((site) => site.file.replace(/\\/g, '/')));
      expect([...files].some((file) => file.endsWith('src/service.ts'))).toBe(true);
      expect([...files].some((file) => file.includes('generated/'))).toBe(false);
    } finally {
      await rm(elsewhere, { recursive: true, force: true });
    }
  });

  it('prints help, and the version on one line with those of its engines', async () => {
    const help = await runCli(['--help'], repo);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('journey-codemod <paths|globs...>');
    const version = await runCli(['--version'], repo);
    expect(version.stdout).toMatch(/^journey-codemod \d+\.\d+\.\d+ \(@babel\/parser [\d.]+, ts-morph 28\.0\.0\)\n$/);
  });

  it('--report - names a read on the call’s own line as on this line, not by the line it is on', async () => {
    await write({
      'src/schema.mjs': `import axios from 'axios';
const BASE = 'https://eu.platform.go.gbgplc.com/captain/api/journey';
export const schemaOf = async (instanceId) => (await axios.post(\`\${BASE}/task/list\`, { instanceId })).data.tasks[0].schema;
`,
    });
    const run = await runCli(['src/schema.mjs', '--dry', '--report', '-'], repo);
    const reasons = (JSON.parse(run.stdout) as Report).sites.map((site) => `${site.line} ${site.reason}`);
    // The marker goes above the statement: the call is on line 4 of the output --dry shows.
    expect(reasons).toContain('4 its result is read on this line in a way that has no v2 counterpart');
    expect(reasons.join('\n')).not.toContain('at line 4');
  });

  it('--report - says where a site’s edits changed another file: the base and the journey id in a constants file', async () => {
    await write({
      'src/consts.ts': `export const API = 'https://eu.platform.go.gbgplc.com/captain/api';
export const DATA_CHECK = 'a1d7c3f0data-check-v1@latest';
`,
      'src/start.ts': `import axios from 'axios';
import { API, DATA_CHECK } from './consts';

export async function begin() {
  const { data } = await axios.post(API + '/journey/start', { resourceId: DATA_CHECK, context: { config: { async: true }, subject: {} } });
  return data.instanceId as string;
}
`,
      'journey-map.json': JSON.stringify({ 'a1d7c3f0data-check-v1': 'b2e8d4a1data-check-v2' }),
    });
    const run = await runCli(['src', '--journey-map', 'journey-map.json', '--dry', '--report', '-', '--force'], repo);
    const report = JSON.parse(run.stdout) as Report;
    const start = report.sites.find((site) => site.file === join('src', 'start.ts') && site.rule.startsWith('request.start'));
    expect(start).toMatchObject({ status: 'migrated', edited: [join('src', 'consts.ts:1'), join('src', 'consts.ts:2')] });
  });

  it('--report - writes the report, flows included, to stdout and nothing else there', async () => {
    const run = await runCli(['src/service.ts', '--dry', '--report', '-'], repo);
    expect(run.code).toBe(0);
    const report = JSON.parse(run.stdout) as Report;
    expect(report.flows).toEqual([
      expect.objectContaining({
        decision: 'migrated',
        files: ['src/service.ts'],
        sites: [expect.objectContaining({ rule: 'endpoint.task-list', line: 4 })],
      }),
    ]);
    expect((await runCli(['src', '--report', '-', '--diff'], repo)).code).toBe(2);
  });

  it('--report - fails with exit 3 when stdout takes nothing (a full disk), not when its reader went away', async () => {
    /** `main` over a stdout whose every write fails as a Node stream tells it, with `code`. */
    const withStdoutFailing = async (code: string) => {
      let stderr = '';
      const exit = await main(['src/service.ts', '--dry', '--report', '-'], {
        stdout: { write: (_text: string, done?: (error?: Error | null) => void) => done?.(Object.assign(new Error(code), { code })) },
        stderr: { write: (text: string) => (stderr += text) },
        cwd: repo,
      });
      return { exit, stderr };
    };
    expect(await withStdoutFailing('ENOSPC')).toEqual({ exit: 3, stderr: expect.stringContaining('cannot write to stdout: ENOSPC') });
    expect(await withStdoutFailing('EPIPE')).toMatchObject({ exit: 0, stderr: expect.not.stringContaining('EPIPE') });
  });

  it('asks the git tree of the files it migrates, not the one of the directory it runs in', async () => {
    const elsewhere = await mkdtemp(join(tmpdir(), 'journey-codemod-cwd-'));
    try {
      execFileSync('git', ['init', '-q'], { cwd: elsewhere });
      await writeFile(join(elsewhere, 'dirty.ts'), 'export const x = 1;\n');
      execFileSync('git', ['-c', 'user.email=t@example.com', '-c', 'user.name=t', 'add', '.'], { cwd: elsewhere });
      execFileSync('git', ['-c', 'user.email=t@example.com', '-c', 'user.name=t', 'commit', '-qm', 'x'], { cwd: elsewhere });
      await writeFile(join(elsewhere, 'dirty.ts'), 'export const x = 2;\n');
      // The directory it runs in is dirty, the tree it migrates is clean: it writes.
      expect((await runCli([join(repo, 'src/service.ts')], elsewhere)).code).toBe(0);
      expect(await read('src/service.ts')).toBe(MIGRATED_CALL);
      // The tree it migrates is dirty: it refuses, naming the file.
      const refused = await runCli([join(repo, 'src')], elsewhere);
      expect(refused.code).toBe(2);
      expect(refused.stderr).toContain('src/service.ts');
    } finally {
      await rm(elsewhere, { recursive: true, force: true });
    }
  });

  it('finds the git tree of files reached through a symbolic link, or named by GIT_DIR, and refuses while it is dirty', async () => {
    await write({ 'src/plain.ts': 'export const answer = 43;\n' });
    const elsewhere = await mkdtemp(join(tmpdir(), 'journey-codemod-link-'));
    try {
      // The link's own path has no `.git` above it; the tree it leads into has.
      await symlink(join(repo, 'src'), join(elsewhere, 'src'));
      const throughLink = await runCli(['src'], elsewhere);
      expect(throughLink.code).toBe(2);
      expect(throughLink.stderr).toContain('src/plain.ts');

      // A work tree whose repository lies elsewhere has no `.git` above it: only the environment names it.
      await rename(join(repo, '.git'), join(elsewhere, 'repository.git'));
      process.env.GIT_DIR = join(elsewhere, 'repository.git');
      process.env.GIT_WORK_TREE = repo;
      const named = await runCli(['src'], repo);
      expect(named.code).toBe(2);
      expect(named.stderr).toContain('src/plain.ts');
      expect(await read('src/service.ts')).toBe(V1_CALL);
    } finally {
      delete process.env.GIT_DIR;
      delete process.env.GIT_WORK_TREE;
      await rm(elsewhere, { recursive: true, force: true });
    }
  });

  it('keeps a start on v1 whose instance reaches calls through a base class whose URL getter reads the instance, and --check fails once the start alone is on v2', async () => {
    const fixtures = fileURLToPath(new URL('../../../test-fixtures/codemod/', import.meta.url));
    for (const name of ['split-base', 'split-client', 'split-start'])
      await write({ [`src/${name}.ts`]: await readFile(join(fixtures, `unsupported/${name}.input.ts`), 'utf8') });
    await write({ 'journey-map.json': await readFile(join(fixtures, 'journey-map.json'), 'utf8') });
    git('-c', 'user.email=t@example.com', '-c', 'user.name=t', 'add', '.');
    git('-c', 'user.email=t@example.com', '-c', 'user.name=t', 'commit', '-qm', 'split');
    const files = ['src/split-base.ts', 'src/split-client.ts', 'src/split-start.ts'];
    expect((await runCli([...files, '--check'], repo)).code).toBe(1);

    const run = await runCli([...files, '--journey-map', 'journey-map.json', '--report', '-'], repo);
    const report = JSON.parse(run.stdout) as Report;
    expect(report.flows.map((flow) => flow.decision)).toEqual(['v1']);
    const start = await read('src/split-start.ts');
    expect(start).toContain('/eu/captain/api/journey/start');
    // The inherited `this.call` is followed to the base class, whose getter builds the base from `this.region`.
    expect(await read('src/split-base.ts')).toContain(
      'journey-codemod: unsupported [codemod.dynamic-url] its base (the getter this.base) is built from this.region',
    );
    expect(await read('src/split-client.ts')).toContain('journey-codemod: unsupported [codemod.shared-constant]');
    expect((await runCli([...files, '--check'], repo)).code).toBe(0);

    // What an earlier run left: the start alone on v2, the task call through the base class still on v1.
    await write({
      'src/split-start.ts': start
        .split('\n')
        .filter((line) => !line.includes('journey-codemod:'))
        .join('\n')
        .replace('/eu/captain/api/journey/start', '/eu/v2/captain/journey/start')
        .replace('a1d7c3f0data-check-v1@latest', 'b2e8d4a1data-check-v2@latest'),
    });
    const half = await runCli([...files, '--check'], repo);
    expect(half.code).toBe(1);
    expect(half.stderr).toContain(
      'src/split-base.ts:10 flow half on v2 [codemod.dynamic-url] its v2 calls share an instance with v1 calls',
    );
  });

  it('--check fails on a flow half on v2: a v1 start whose instance the v2 calls use', async () => {
    await write({
      'src/half.ts': `export async function run(token: string) {
  const started = await fetch('https://eu.platform.go.gbgplc.com/captain/api/journey/start', {
    method: 'POST',
    body: JSON.stringify({ resourceId: 'ffff0000unknown-v1@latest', context: { config: { async: true }, subject: {} } }),
  });
  const { instanceId } = await started.json();
  await fetch('https://eu.platform.go.gbgplc.com/v2/captain/journey/interaction/fetch', { method: 'POST', body: JSON.stringify({ instanceId }) });
}
`,
    });
    const check = await runCli(['src/half.ts', '--check'], repo);
    expect(check.code).toBe(1);
    expect(check.stderr).toContain('src/half.ts:2 flow half on v2 [request.start-resource-id]');
    await runCli(['src/half.ts', '--force'], repo);
    // Marked now, and still half: the gate keeps failing.
    expect(await read('src/half.ts')).toContain('journey-codemod: unsupported [request.start-resource-id]');
    expect((await runCli(['src/half.ts', '--check'], repo)).code).toBe(1);
  });

  it('rewrites, keeps line endings, skips ignored paths and node_modules, reports parse errors without writing, and a second run changes nothing', async () => {
    const run = await runCli(['.', '--report', 'report.json'], repo);
    expect(run.code).toBe(0);
    expect(await read('src/service.ts')).toBe(MIGRATED_CALL);
    expect(await read('src/crlf.js')).toBe(MIGRATED_CALL.replace(': string', '').replaceAll('\n', '\r\n'));
    expect(await read('generated/client.ts')).toBe(V1_CALL);
    expect(await read('node_modules/legacy/index.js')).toBe(V1_CALL);
    expect(await read('src/broken.ts')).toBe(`${V1_CALL}\nexport const = ;\n`);
    expect(run.stderr).toContain('cannot parse src/broken.ts');
    expect(run.stderr).toContain('files: 4 scanned, 1 skipped by prefilter, 2 changed, 0 unchanged, 1 parse errors');
    expect(run.stderr).toContain('endpoint.task-list: 2 migrated');

    const report = JSON.parse(await read('report.json')) as Report;
    expect(report.sites).toContainEqual(
      expect.objectContaining({ file: 'src/service.ts', line: 4, rule: 'endpoint.task-list', status: 'migrated' }),
    );
    expect(report.parseErrors).toEqual([expect.objectContaining({ file: 'src/broken.ts' })]);

    git('-c', 'user.email=t@example.com', '-c', 'user.name=t', 'commit', '-qam', 'v2');
    const again = await runCli(['src'], repo);
    expect(again.stderr).toContain('0 changed');
    expect(git('status', '--porcelain', '--untracked-files=no')).toBe('');
  });

  it('--check passes a hard-coded token scope once its marker is in, and fails on files it could not read', async () => {
    await write({
      'src/token.ts': `export const token = (host: string) =>
  fetch(\`\${host}/as/token.oauth2\`, { method: 'POST', body: new URLSearchParams({ grant_type: 'client_credentials', scope: 'gbg.token' }) });
`,
    });
    git('-c', 'user.email=t@example.com', '-c', 'user.name=t', 'add', '.');
    git('-c', 'user.email=t@example.com', '-c', 'user.name=t', 'commit', '-qm', 'token');
    expect((await runCli(['src/token.ts', '--check'], repo)).stderr).toContain('token.ts:2 v1 remains, unmarked [auth.token]');
    expect((await runCli(['src/token.ts'], repo)).code).toBe(0);
    expect(await read('src/token.ts')).toContain('journey-codemod: needs-review [auth.token]');
    expect((await runCli(['src/token.ts', '--check'], repo)).code).toBe(0);

    // Latin-1, not UTF-8: what it holds is unknown, so the gate does not pass it.
    await writeFile(join(repo, 'src/latin1.js'), Buffer.from('// d\xe9l\xe9gu\xe9\nexport const x = 1;\n', 'latin1'));
    const unread = await runCli(['src/latin1.js', '--check'], repo);
    expect(unread.code).toBe(1);
    expect(unread.stderr).toMatch(/latin1\.js:1 not checked: .*UTF-8/);
    // A run that writes names each file it left unchanged and why, as it names files that do not parse.
    const run = await runCli(['src', '--force'], repo);
    expect(run.stderr).toMatch(/^journey-codemod: left src\/latin1\.js unchanged: .*UTF-8/m);
    expect(run.stderr).toContain('1 refused');
  });

  it('--check writes nothing and fails while v1 calls remain', async () => {
    await rm(join(repo, 'src/broken.ts'));
    const check = await runCli(['src', '--check'], repo);
    expect(check.code).toBe(1);
    expect(check.stderr).toContain('src/service.ts:4 v1, migratable [endpoint.task-list]');
    expect(await read('src/service.ts')).toBe(V1_CALL);
    await runCli(['src', '--force'], repo);
    expect((await runCli(['src', '--check'], repo)).code).toBe(0);
  });

  it('refuses to write into a git tree with uncommitted changes unless --force', async () => {
    await write({ 'src/plain.ts': 'export const answer = 43;\n' });
    const refused = await runCli(['src'], repo);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('uncommitted changes');
    expect(await read('src/service.ts')).toBe(V1_CALL);
    expect((await runCli(['src', '--force'], repo)).code).toBe(0);
    expect(await read('src/service.ts')).toBe(MIGRATED_CALL);
  });

  it('refuses to write over an untracked source file (git holds no copy of it), not over untracked files of other kinds', async () => {
    await writeFile(join(repo, 'src/new-client.ts'), V1_CALL);
    const refused = await runCli(['src'], repo);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('?? src/new-client.ts');
    expect(await read('src/new-client.ts')).toBe(V1_CALL);
    await rm(join(repo, 'src/new-client.ts'));
    await writeFile(join(repo, 'src/notes.md'), '# not source\n');
    expect((await runCli(['src'], repo)).code).toBe(0);
  });

  it('asks the git trees below a directory that is in none, and below one that is in its own', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'journey-codemod-services-'));
    try {
      await cp(repo, join(folder, 'services/kyc'), { recursive: true });
      await writeFile(join(folder, 'services/kyc/src/plain.ts'), 'export const answer = 43;\n');
      const refused = await runCli(['services'], folder);
      expect(refused.code).toBe(2);
      expect(refused.stderr).toContain(' M services/kyc/src/plain.ts');
      expect(await readFile(join(folder, 'services/kyc/src/service.ts'), 'utf8')).toBe(V1_CALL);
      // The same folder made a repository of its own, the service still its own one within it.
      execFileSync('git', ['init', '-q'], { cwd: folder });
      expect((await runCli(['.'], folder)).stderr).toContain(' M services/kyc/src/plain.ts');
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });

  it('leaves alone a repository below that git ignores, and files other than source in one it does not', async () => {
    await mkdir(join(repo, '.venv/src/tool'), { recursive: true });
    // A checkout a virtualenv installed in editable mode, edited in place.
    const tool = join(repo, '.venv/src/tool');
    execFileSync('git', ['init', '-q'], { cwd: tool });
    await writeFile(join(tool, 'tool.py'), 'print(1)\n');
    execFileSync('git', ['-c', 'user.email=t@example.com', '-c', 'user.name=t', 'add', '.'], { cwd: tool });
    execFileSync('git', ['-c', 'user.email=t@example.com', '-c', 'user.name=t', 'commit', '-qm', 'tool'], { cwd: tool });
    await writeFile(join(tool, 'tool.py'), 'print(2)\n');
    await writeFile(join(repo, '.gitignore'), `${await read('.gitignore').catch(() => '')}.venv/\n`);
    git('-c', 'user.email=t@example.com', '-c', 'user.name=t', 'add', '.gitignore');
    git('-c', 'user.email=t@example.com', '-c', 'user.name=t', 'commit', '-qm', 'ignore .venv');
    expect((await runCli(['.'], repo)).code).toBe(0);
    expect(await read('src/service.ts')).toBe(MIGRATED_CALL);
  });

  it('asks the git tree a glob leads into, from wherever it runs', async () => {
    const elsewhere = await mkdtemp(join(tmpdir(), 'journey-codemod-cwd-'));
    try {
      await write({ 'src/plain.ts': 'export const answer = 43;\n' });
      const refused = await runCli([`${relative(elsewhere, repo)}/src/*.ts`], elsewhere);
      expect(refused.code).toBe(2);
      expect(refused.stderr).toContain('src/plain.ts');
      expect(await read('src/service.ts')).toBe(V1_CALL);
    } finally {
      await rm(elsewhere, { recursive: true, force: true });
    }
  });

  it('--dry --diff prints a unified diff and writes nothing', async () => {
    const run = await runCli(['src/service.ts', '--dry', '--diff'], repo);
    expect(run.stdout).toContain('--- a/src/service.ts');
    expect(run.stdout).toContain(
      "-  return axios.post('https://eu.platform.go.gbgplc.com/captain/api/journey/task/list', { instanceId });",
    );
    expect(run.stdout).toContain(
      "+  return axios.post('https://eu.platform.go.gbgplc.com/v2/captain/journey/interaction/fetch', { instanceId });",
    );
    expect(run.stderr).toContain('1 would change');
    expect(await read('src/service.ts')).toBe(V1_CALL);
  });

  it('--diff is a preview: it writes nothing, not even the helper module, and so runs on an uncommitted tree', async () => {
    const loop = await readFile(
      new URL('../../../test-fixtures/codemod/operations/task-loop-until-done.input.ts', import.meta.url),
      'utf8',
    );
    await write({ 'src/loop.ts': loop });
    git('-c', 'user.email=t@example.com', '-c', 'user.name=t', 'add', '.');
    git('-c', 'user.email=t@example.com', '-c', 'user.name=t', 'commit', '-qm', 'loop');
    const run = await runCli(['src/loop.ts', '--diff'], repo);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('--- a/src/loop.ts');
    expect(run.stdout).toContain('+++ b/src/journey-v2.ts');
    expect(run.stderr).toContain('1 would change');
    expect(git('status', '--porcelain', '--untracked-files=all')).toBe('');
    // Uncommitted changes are no reason to refuse what writes nothing.
    await write({ 'src/plain.ts': 'export const answer = 43;\n' });
    const dirty = await runCli(['src/loop.ts', '--diff'], repo);
    expect(dirty.code).toBe(0);
    expect(dirty.stdout).toBe(run.stdout);
    expect(git('status', '--porcelain', '--untracked-files=all')).toBe(' M src/plain.ts\n');
  });

  it('names an unknown option without parseArgs’ advice on positionals', async () => {
    expect(await runCli(['src', '--dyr'], repo)).toEqual({
      code: 2,
      stdout: '',
      stderr: "journey-codemod: Unknown option '--dyr'\nRun journey-codemod --help for the options.\n",
    });
  });

  it('writes atomically: the mode is kept and no temporary file is left behind', async () => {
    await chmod(join(repo, 'src/service.ts'), 0o750);
    git('-c', 'user.email=t@example.com', '-c', 'user.name=t', 'commit', '-qam', 'mode');
    await runCli(['src/service.ts'], repo);
    expect(await read('src/service.ts')).toBe(MIGRATED_CALL);
    expect((await stat(join(repo, 'src/service.ts'))).mode & 0o777).toBe(0o750);
    expect((await readdir(join(repo, 'src'))).filter((name) => name.includes('journey-codemod'))).toEqual([]);
  });

  it('--print prints each changed file', async () => {
    const run = await runCli(['src/service.ts', '--dry', '--print'], repo);
    expect(run.stdout).toBe(`// src/service.ts\n${MIGRATED_CALL}\n`);
  });

  it('plans on worker threads with --cpus and gets the same result', async () => {
    const run = await runCli(['src', '--cpus', '2', '--extensions', 'ts,js'], repo);
    expect(run.code).toBe(0);
    expect(await read('src/service.ts')).toBe(MIGRATED_CALL);
    expect(await read('src/crlf.js')).toBe(MIGRATED_CALL.replace(': string', '').replaceAll('\n', '\r\n'));
  });

  it('--json prints the summary, and with --check the findings, as one JSON object on stdout', async () => {
    await rm(join(repo, 'src/broken.ts'));
    const run = await runCli(['src', '--check', '--json'], repo);
    expect(run.code).toBe(1);
    expect(JSON.parse(run.stdout)).toEqual({
      written: false,
      files: expect.objectContaining({ scanned: 3, changed: 2 }),
      // One flow: both files' task lists take their ids from outside, so they may be one journey.
      flows: expect.objectContaining({ migrated: 1 }),
      sites: expect.objectContaining({ migrated: 2 }),
      rules: { 'endpoint.task-list': { migrated: 2 } },
      check: {
        passed: false,
        findings: expect.arrayContaining([
          expect.objectContaining({ file: 'src/service.ts', line: 4, text: expect.stringContaining('v1, migratable') }),
        ]),
      },
    });
    expect(run.stderr).toContain('files: 3 scanned');
    const dry = await runCli(['src/plain.ts', '--dry', '--json'], repo);
    expect(JSON.parse(dry.stdout)).not.toHaveProperty('check');
    expect(await runCli(['src', '--json', '--report', '-'], repo)).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('--json prints the summary on stdout: leave out --diff, --print and --report -'),
    });
  });

  it('refuses, writing nothing, when the helper module of an earlier run lacks names the migrated code imports, naming each once', async () => {
    const fixture = (path: string) => readFile(new URL(`../../../test-fixtures/codemod/${path}.input.ts`, import.meta.url), 'utf8');
    const loop = await fixture('operations/task-loop-until-done');
    const earlier = 'export function requiredDecisionOf(state: unknown) {\n  return state;\n}\n';
    // Four importers: one of a name the module has, one of another it lacks, two of the same one it lacks.
    await write({
      'src/loop.ts': loop,
      'src/again.ts': await fixture('operations/task-loop'),
      'src/decision.ts': await fixture('results/decision-asked'),
      'src/steps.ts': await fixture('results/flow'),
      'src/journey-v2.ts': earlier,
    });
    git('-c', 'user.email=t@example.com', '-c', 'user.name=t', 'add', '.');
    git('-c', 'user.email=t@example.com', '-c', 'user.name=t', 'commit', '-qm', 'earlier run');
    const run = await runCli(['src/loop.ts', 'src/again.ts', 'src/decision.ts', 'src/steps.ts'], repo);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('does not export moduleSteps, pendingInteractionId, which the migrated code imports');
    expect(run.stderr.match(/does not export/g)).toHaveLength(1);
    expect(await read('src/loop.ts')).toBe(loop);
    expect(await read('src/journey-v2.ts')).toBe(earlier);
    // The gate says the same as its verdict (1), the module named by the path given.
    const check = await runCli(['src/loop.ts', '--check'], repo);
    expect(check.code).toBe(1);
    expect(check.stderr).toContain('journey-codemod --check: src/journey-v2.ts exists from an earlier run and does not export');
    // Moved aside, the current module is written and the loop migrated.
    await rm(join(repo, 'src/journey-v2.ts'));
    git('-c', 'user.email=t@example.com', '-c', 'user.name=t', 'commit', '-qam', 'aside');
    expect((await runCli(['src/loop.ts'], repo)).code).toBe(0);
    expect(await read('src/journey-v2.ts')).toContain('export function pendingInteractionId');
  });

  it('exits 2 for a journey map it cannot read, and 3 when the report cannot be written', async () => {
    expect(await runCli(['src', '--dry', '--journey-map', 'missing.json'], repo)).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('cannot read --journey-map missing.json: ENOENT'),
    });
    await write({ 'map.json': '{ not json' });
    expect(await runCli(['src', '--dry', '--journey-map', 'map.json'], repo)).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('--journey-map map.json is not valid JSON'),
    });
    // As serve refuses it: which version of the v2 journey replaces version 3 is not said.
    await write({ 'map.json': '{ "a1d7c3f0data-check-v1@3": "b2e8d4a1data-check-v2" }' });
    expect(await runCli(['src', '--check', '--journey-map', 'map.json'], repo)).toMatchObject({
      code: 2,
      stderr: expect.stringContaining(
        '--journey-map map.json: journey map entry "a1d7c3f0data-check-v1@3": its v2 id "b2e8d4a1data-check-v2" has no version',
      ),
    });
    const unwritable = await runCli(['src/service.ts', '--dry', '--report', 'no/such/dir/report.json'], repo);
    expect(unwritable.code).toBe(3);
    expect(unwritable.stderr).toContain('journey-codemod: cannot write the report no/such/dir/report.json: ENOENT');
    expect(unwritable.stderr).not.toContain('--help');
    // Found before the run writes: the report of what it changed would be lost, and a second run could not tell it.
    const beforeWriting = await runCli(['src', '--report', 'no/such/dir/report.json'], repo);
    expect(beforeWriting.code).toBe(3);
    expect(beforeWriting.stderr).toContain('cannot write the report no/such/dir/report.json: ENOENT');
    expect(await read('src/service.ts')).toBe(V1_CALL);
    // No file changed and no helper module created: only the map this test wrote is new.
    expect(execFileSync('git', ['status', '--porcelain', '--untracked-files=all'], { cwd: repo }).toString()).toBe('?? map.json\n');
  });

  it('explains bad usage with exit code 2', async () => {
    const run = await runCli(['src', '--cpus', 'many'], repo);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--cpus must be a positive integer');
    expect(run.stderr).toContain('Run journey-codemod --help for the options.');
    const missing = await runCli(['no-such-dir', '--dry'], repo);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('no such file or directory: no-such-dir');
  });
});
