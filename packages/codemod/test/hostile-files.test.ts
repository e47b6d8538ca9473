import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, readdir, readFile, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildReport, CodemodError, type CodemodResult, type FileStatus, runCodemod, summarize } from '../src/index.js';

const V1_CALL = `import axios from 'axios';

export async function tasks(instanceId: string) {
  return axios.post('https://eu.platform.go.gbgplc.com/captain/api/journey/task/list', { instanceId });
}
`;
const MIGRATED_CALL = V1_CALL.replace('/captain/api/journey/task/list', '/v2/captain/journey/interaction/fetch');
const MiB = 1024 * 1024;

interface HostileFile {
  readonly name: string;
  /** Path in the tree the codemod runs on. */
  readonly path: string;
  /** Makes the file (and whatever it points to) under `tree`, with `outside` a directory beside the tree. */
  readonly make: (tree: string, outside: string) => Promise<void>;
  /** How the run reports it; `undefined`: the run does not list it at all. */
  readonly status: FileStatus | undefined;
  readonly error?: RegExp;
}

const writeIn = async (path: string, content: string | Buffer) => {
  await mkdir(join(path, '..'), { recursive: true });
  await writeFile(path, content);
};

const FILES: HostileFile[] = [
  {
    name: 'a binary file with a v1 path among its bytes',
    path: 'src/logo.ts',
    make: (tree) =>
      writeIn(join(tree, 'src/logo.ts'), Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 13]), Buffer.from(V1_CALL)])),
    status: 'refused',
    error: /binary/,
  },
  {
    name: 'a file too large to be hand-written (5 MiB bundle)',
    path: 'dist-like/bundle.js',
    make: (tree) => writeIn(join(tree, 'dist-like/bundle.js'), `${V1_CALL}\n${'// padding\n'.repeat((5 * MiB) / 11)}`),
    status: 'refused',
    error: /larger than 1048576 bytes/,
  },
  {
    name: 'a symbolic link to a v1 file outside the tree',
    path: 'src/linked-out.ts',
    make: async (tree, outside) => {
      await writeIn(join(outside, 'elsewhere.ts'), V1_CALL);
      await symlink(join(outside, 'elsewhere.ts'), join(tree, 'src/linked-out.ts'));
    },
    status: 'refused',
    error: /symbolic link/,
  },
  {
    name: 'a symbolic link to a directory outside the tree is not entered',
    path: 'src/linked-dir/service.ts',
    make: async (tree, outside) => {
      await writeIn(join(outside, 'lib/service.ts'), V1_CALL);
      await symlink(join(outside, 'lib'), join(tree, 'src/linked-dir'));
    },
    status: undefined,
  },
  {
    // globby 14 walked these for .gitignore files however they looped, and the run never ended.
    name: 'two symbolic links that loop (one to the parent, one back) are not entered',
    path: 'loop/up/src/service.ts',
    make: async (tree) => {
      await mkdir(join(tree, 'loop'));
      await symlink('..', join(tree, 'loop/up'));
      await symlink('../loop', join(tree, 'loop/self'));
    },
    status: undefined,
  },
  {
    name: 'a symbolic link to a v1 file inside the tree (the target itself is migrated)',
    path: 'src/alias.ts',
    make: (tree) => symlink(join(tree, 'src/service.ts'), join(tree, 'src/alias.ts')),
    status: 'refused',
    error: /symbolic link/,
  },
  {
    name: 'a dangling symbolic link',
    path: 'src/dangling.ts',
    make: (tree, outside) => symlink(join(outside, 'gone.ts'), join(tree, 'src/dangling.ts')),
    status: 'refused',
    error: /^a symbolic link to nothing \(its target does not exist\)$/,
  },
  {
    name: 'a read-only v1 file',
    path: 'src/readonly.ts',
    make: async (tree) => {
      await writeIn(join(tree, 'src/readonly.ts'), V1_CALL);
      await chmod(join(tree, 'src/readonly.ts'), 0o444);
    },
    status: 'refused',
    error: /read-only/,
  },
  {
    name: 'a v1 file that does not parse',
    path: 'src/broken.ts',
    make: (tree) => writeIn(join(tree, 'src/broken.ts'), `${V1_CALL}\nexport const = ;\n`),
    status: 'parse-error',
    error: /Unexpected token/,
  },
  {
    name: 'a v1 file in Latin-1, not UTF-8 (rewriting it as UTF-8 would change its other bytes)',
    path: 'src/latin1.js',
    make: (tree) => writeIn(join(tree, 'src/latin1.js'), Buffer.from(`// Caf\xe9 team\n${V1_CALL.replace(': string', '')}`, 'latin1')),
    status: 'refused',
    error: /not UTF-8/,
  },
  {
    name: 'a named pipe with a source extension (reading it would never end)',
    path: 'src/pipe.ts',
    make: async (tree) => {
      execFileSync('mkfifo', [join(tree, 'src/pipe.ts')]);
    },
    status: undefined,
  },
  {
    name: 'an empty file',
    path: 'src/empty.ts',
    make: (tree) => writeIn(join(tree, 'src/empty.ts'), ''),
    status: 'skipped',
  },
  {
    name: 'a v1 file with a byte-order mark keeps it',
    path: 'src/bom.ts',
    make: (tree) => writeIn(join(tree, 'src/bom.ts'), `\ufeff${V1_CALL}`),
    status: 'changed',
  },
];

let tree: string;
let outside: string;
let result: CodemodResult;
let outsideBefore: string;

/** Every file under `root` with its size and modification time: what a write would change. */
async function listing(root: string): Promise<string> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  const lines = await Promise.all(
    entries.map(async (entry) => {
      const path = join(entry.parentPath, entry.name);
      const info = await stat(path).catch(() => undefined);
      return `${relative(root, path)} ${info?.size} ${info?.mtimeMs}`;
    }),
  );
  return lines.sort().join('\n');
}

beforeAll(async () => {
  const base = await mkdtemp(join(tmpdir(), 'journey-codemod-hostile-'));
  tree = join(base, 'tree');
  outside = join(base, 'outside');
  await mkdir(outside, { recursive: true });
  await writeIn(join(tree, 'src/service.ts'), V1_CALL);
  for (const file of FILES) await file.make(tree, outside);
  outsideBefore = await listing(outside);
  result = await runCodemod({ paths: ['.'], cwd: tree });
});
afterAll(() => rm(join(tree, '..'), { recursive: true, force: true }));

const outcomeOf = (path: string) => result.files.find((file) => file.file === join(tree, path));

describe(`the codemod over a tree with ${FILES.length} hostile files`, () => {
  it.each(FILES)('$name', async ({ path, status, error }) => {
    const outcome = outcomeOf(path);
    expect(outcome?.status).toBe(status);
    if (error) expect(outcome?.error).toMatch(error);
  });

  it('still migrates the ordinary v1 file, and the one with a byte-order mark', async () => {
    expect(await readFile(join(tree, 'src/service.ts'), 'utf8')).toBe(MIGRATED_CALL);
    expect(await readFile(join(tree, 'src/bom.ts'), 'utf8')).toBe(`\ufeff${MIGRATED_CALL}`);
  });

  it('writes nothing outside the tree, and leaves refused and unparseable files as they were', async () => {
    expect(await listing(outside)).toBe(outsideBefore);
    expect(await readFile(join(outside, 'elsewhere.ts'), 'utf8')).toBe(V1_CALL);
    expect(await readFile(join(outside, 'lib/service.ts'), 'utf8')).toBe(V1_CALL);
    expect(await readFile(join(tree, 'src/readonly.ts'), 'utf8')).toBe(V1_CALL);
    expect((await stat(join(tree, 'src/readonly.ts'))).mode & 0o777).toBe(0o444);
    expect((await readFile(join(tree, 'src/latin1.js'))).includes(Buffer.from([0xe9]))).toBe(true);
    expect((await readFile(join(tree, 'src/logo.ts'))).subarray(0, 4)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    expect((await readdir(join(tree, 'src'))).filter((name) => name.endsWith('.journey-codemod'))).toEqual([]);
  });

  it('counts the refused files in the summary and lists each with its reason in the report', () => {
    const refused = FILES.filter((file) => file.status === 'refused');
    expect(summarize(result).files.refused).toBe(refused.length);
    expect(buildReport(result, tree).refused).toEqual(
      expect.arrayContaining(refused.map(({ path, error }) => ({ file: path, error: expect.stringMatching(error ?? /./) }))),
    );
  });

  it('refuses a path that does not exist with a MissingPathError, a CodemodError', async () => {
    const missing = runCodemod({ paths: ['no-such-dir'], cwd: tree });
    await expect(missing).rejects.toThrow(CodemodError);
    await expect(missing).rejects.toMatchObject({ name: 'MissingPathError' });
  });

  it('puts the helper module’s import behind a byte-order mark, which stays the file’s first character', async () => {
    const small = await mkdtemp(join(tmpdir(), 'journey-codemod-bom-'));
    try {
      const bare = `\uFEFFexport async function firstTask(instanceId: string) {
  const res = await fetch('https://eu.platform.go.gbgplc.com/captain/api/journey/task/list', { method: 'POST', body: JSON.stringify({ instanceId }) });
  const list = await res.json();
  return list.tasks[0]?.taskId;
}
`;
      await writeIn(join(small, 'tasks.ts'), bare);
      await runCodemod({ paths: ['.'], cwd: small });
      expect(await readFile(join(small, 'tasks.ts'), 'utf8')).toMatch(
        /^\uFEFFimport \{ pendingInteractionId \} from '\.\/journey-v2\.js';\nexport async function/,
      );
    } finally {
      await rm(small, { recursive: true, force: true });
    }
  });

  it('reports a file it cannot write, and leaves the files of its flow as they were', async () => {
    const small = await mkdtemp(join(tmpdir(), 'journey-codemod-unwritable-'));
    try {
      await writeIn(join(small, 'a.ts'), V1_CALL);
      await writeIn(join(small, 'b.ts'), V1_CALL);
      // Between reading and writing, b.ts becomes a directory: another process changed the tree under the run.
      // Done synchronously in the progress callback, so it has happened before any write starts.
      const replaceB = () => {
        if (statSync(join(small, 'b.ts')).isDirectory()) return;
        rmSync(join(small, 'b.ts'));
        mkdirSync(join(small, 'b.ts'));
        writeFileSync(join(small, 'b.ts', 'inside.txt'), 'x');
      };
      const run = await runCodemod({ paths: ['.'], cwd: small, onProgress: replaceB });
      expect(run.files.find((file) => file.file === join(small, 'b.ts'))).toMatchObject({ status: 'refused', error: /^cannot write: E/ });
      // a.ts lists the tasks of the same (unnamed) journey: renamed in place before b.ts failed, it got its text back.
      expect(run.flows.map(({ files, decision }) => [files.length, decision])).toEqual([[2, 'v1']]);
      expect(await readFile(join(small, 'a.ts'), 'utf8')).toBe(V1_CALL);
    } finally {
      await rm(small, { recursive: true, force: true });
    }
  });
});
