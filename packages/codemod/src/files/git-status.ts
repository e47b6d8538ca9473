import { execFile } from 'node:child_process';
import { access, realpath, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { isDynamicPattern } from 'globby';

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
      if (!(await mayBeInGitTree(where))) return;
      try {
        const { stdout } = await run('git', ['status', '--porcelain', '--untracked-files=all', '--', real ?? '.'], { cwd: where });
        for (const line of stdout.split('\n')) {
          // The helper module a run created is never written again: untracked, it has nothing to lose.
          if (line.trim() === '' || (line.startsWith('?? ') && (!source.test(line) || HELPER_MODULE.test(line)))) continue;
          changes.add(line);
        }
      } catch {
        // Not in a git work tree: nothing to protect.
      }
    }),
  );
  return [...changes].sort();
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
