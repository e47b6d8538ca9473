import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * Commits everything under `dir`, making it a git repository first if it is none: the clean tree a team runs the
 * codemod in. One shell for the three git commands: each process a test worker starts costs it a fork of its
 * whole heap.
 */
export async function commitAll(dir: string, message = 'v1'): Promise<void> {
  const identity = {
    GIT_AUTHOR_NAME: 't',
    GIT_AUTHOR_EMAIL: 't@example.com',
    GIT_COMMITTER_NAME: 't',
    GIT_COMMITTER_EMAIL: 't@example.com',
  };
  await run('sh', ['-c', 'git init -q && git add -A && git commit -qm "$1"', 'commit-all', message], {
    cwd: dir,
    env: { ...process.env, ...identity },
  });
}
