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
