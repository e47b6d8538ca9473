import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';

/**
 * Debian's chromium (or another Chromium on PATH), if installed. Tests that need it skip with a warning when it is
 * missing, except under CI, where `.ci/run` installs it and a missing browser must fail the run.
 */
export const chromium: string | undefined = ['chromium', 'chromium-browser', 'google-chrome']
  .flatMap((name) => (process.env.PATH ?? '').split(delimiter).map((dir) => join(dir, name)))
  .find((path) => {
    try {
      accessSync(path, constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });

/**
 * Chromium's launch options for a test: headless, with a profile in `userDataDir`, in one process. A browser per
 * test file in Chromium's default process model (a zygote, a GPU process and a renderer per site) cost about twice
 * the CPU on this suite's two cores, for pages that are all on loopback or on disk.
 */
export function chromiumLaunchOptions(userDataDir: string, ...args: string[]) {
  return {
    executablePath: chromium,
    headless: true,
    userDataDir,
    args: [
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--single-process',
      '--no-zygote',
      ...(process.getuid?.() === 0 ? ['--no-sandbox'] : []),
      ...args,
    ],
  };
}
