import { execFile } from 'node:child_process';
import { stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * Uncommitted changes to tracked files under `paths` (files, directories or globs, absolute), each asked of
 * the git work tree it lies in, or `[]` outside any. The codemod refuses to write over them unless forced, so
 * its own diff is always reviewable on its own. A glob is checked in `cwd`.
 */
export async function uncommittedChanges(paths: readonly string[], cwd: string): Promise<string[]> {
  const changes = new Set<string>();
  await Promise.all(
    paths.map(async (path) => {
      const info = await stat(path).catch(() => undefined);
      const where = info?.isDirectory() ? path : info ? dirname(path) : cwd;
      try {
        const { stdout } = await run('git', ['status', '--porcelain', '--untracked-files=no', '--', info ? path : '.'], { cwd: where });
        for (const line of stdout.split('\n')) if (line.trim() !== '') changes.add(line);
      } catch {
        // Not in a git work tree: nothing to protect.
      }
    }),
  );
  return [...changes].sort();
}
