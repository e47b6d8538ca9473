import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * Uncommitted changes under `cwd`, or `[]` outside a git work tree. The codemod refuses to write over them
 * unless forced, so its own diff is always reviewable on its own.
 */
export async function uncommittedChanges(cwd: string): Promise<string[]> {
  try {
    const { stdout } = await run('git', ['status', '--porcelain', '--untracked-files=no', '--', '.'], { cwd });
    return stdout.split('\n').filter((line) => line.trim() !== '');
  } catch {
    return [];
  }
}
