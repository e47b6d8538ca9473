import { execFile } from 'node:child_process';
import { access, realpath, stat } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { promisify } from 'node:util';
import { globby, isDynamicPattern } from 'globby';

const run = promisify(execFile);

/**
 * Uncommitted changes under `paths` (files, directories or globs, absolute), each asked of the git work tree it
 * lies in, or `[]` outside any: changes to tracked files, and untracked files with one of `extensions` (the
 * codemod may rewrite them, and git holds no copy to go back to). The codemod refuses to write over them unless
 * forced, so its own diff is always reviewable on its own. A glob is asked of the directory its fixed start names.
 */
export async function uncommittedChanges(paths: readonly string[], extensions: readonly string[], cwd: string): Promise<string[]> {
  const changes = new Set<string>();
  const source = new RegExp(`\\.(?:${extensions.map((extension) => extension.replace(/[^\w]/g, '\\$&')).join('|')})"?$`);
  await Promise.all(
    paths.map(async (path) => {
      const glob = isDynamicPattern(path);
      // Git runs in the real directory and reads a pathspec through a link as outside its tree: it is given both real.
      const real = await realpath(glob ? fixedStartOf(path) : path).catch(() => undefined);
      const info = real === undefined ? undefined : await stat(real).catch(() => undefined);
      const where = real !== undefined && info !== undefined ? (info.isDirectory() ? real : dirname(real)) : cwd;
      const status = async (dir: string, pathspec: string, prefix: string, sourceOnly = false) => {
        try {
          const { stdout } = await run('git', ['status', '--porcelain', '--untracked-files=all', '--', pathspec], { cwd: dir });
          for (const line of stdout.split('\n')) {
            // The helper module a run created is never written again: untracked, it has nothing to lose. A nested
            // repository shows as an untracked directory: it is asked on its own below.
            if (line.trim() === '' || ((sourceOnly || line.startsWith('?? ')) && (!source.test(line) || HELPER_MODULE.test(line))))
              continue;
            changes.add(`${line.slice(0, 3)}${prefix}${line.slice(3)}`);
          }
        } catch {
          // Not in a git work tree: nothing to protect.
        }
      };
      if (await mayBeInGitTree(where)) await status(where, real ?? '.', '');
      // Repositories below it (a folder of services, a vendored checkout) hold files the run may write too.
      if (info?.isDirectory()) {
        // Only their source files: the run writes nothing else there.
        for (const root of await nestedRepositories(where)) await status(root, '.', `${relative(cwd, root)}/`, true);
      }
    }),
  );
  return [...changes].sort();
}

/** The roots of the git repositories below `dir` (a `.git` directory or file), `node_modules` left out. */
async function nestedRepositories(dir: string): Promise<string[]> {
  const found = await globby('**/.git', {
    cwd: dir,
    absolute: true,
    dot: true,
    onlyFiles: false,
    // A `.git` directory is the answer, not a place to look further; an ignored one (a virtualenv's checkout) is
    // no part of the run.
    expandDirectories: false,
    gitignore: true,
    followSymbolicLinks: false,
    ignore: ['**/node_modules/**', '**/.git/*/**'],
  });
  return found.map((entry) => dirname(entry)).filter((root) => root !== dir);
}

const HELPER_MODULE = /(?:^\?\? |\/)"?journey-v2\.(?:d\.)?[mc]?[jt]s"?$/;

/** The directories a glob starts with before its first pattern character (`/repo/src` of `/repo/src/**\/*.ts`). */
function fixedStartOf(glob: string): string {
  const parts = glob.split('/');
  const dynamic = parts.findIndex((part) => part !== '' && isDynamicPattern(part));
  return parts.slice(0, dynamic === -1 ? parts.length : dynamic).join('/') || '/';
}

/**
 * False only when git could not find a repository from `dir`: no `.git` in it or above its real path, and none
 * named by the environment. Asking git costs a process, which from a large one (an editor, a test runner) is a
 * fork of its whole memory; any doubt still asks it.
 */
async function mayBeInGitTree(dir: string): Promise<boolean> {
  if (process.env.GIT_DIR !== undefined || process.env.GIT_WORK_TREE !== undefined) return true;
  let at: string;
  try {
    at = await realpath(dir);
  } catch {
    return true;
  }
  for (;;) {
    if (await exists(join(at, '.git'))) return true;
    const parent = dirname(at);
    if (parent === at) return false;
    at = parent;
  }
}

/** Whether anything is at `path`; one that cannot be looked at counts as there. */
async function exists(path: string): Promise<boolean> {
  try {
    await access(path);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code !== 'ENOENT';
  }
}
