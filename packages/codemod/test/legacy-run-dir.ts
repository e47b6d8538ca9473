import { execFile } from 'node:child_process';
import { mkdir, mkdtemp } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

/**
 * A new directory to copy legacy apps into and run the codemod there: inside the package, so the apps resolve
 * axios, ky, @types/node and the workspace packages from its node_modules, and a git repository of its own, as a
 * team's checkout is. The package's .gitignore, which keeps these copies out of this repository, is not theirs:
 * the codemod respects the .gitignore files up to the repository's root.
 */
export async function legacyRunDir(): Promise<string> {
  const runs = fileURLToPath(new URL('../.legacy-apps-run/', import.meta.url));
  await mkdir(runs, { recursive: true });
  const work = await mkdtemp(runs);
  await promisify(execFile)('git', ['init', '-q'], { cwd: work });
  return work;
}
