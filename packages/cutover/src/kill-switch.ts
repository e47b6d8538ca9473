import { readFile, unwatchFile, watchFile } from 'node:fs';

/** Ways to pull the kill switch besides `cutover.kill()`. */
export interface KillSwitchOptions {
  /** A signal that kills every mapping, e.g. `SIGUSR2`. @default none */
  signal?: NodeJS.Signals;
  /**
   * A file that kills the mappings named in it, one per line, or every mapping when it is empty: read at start
   * (a kill outlives a restart while the file exists) and whenever it appears or changes. @default none
   */
  file?: string;
  /** How often the file is looked at, ms. @default 1000 */
  filePollIntervalMs?: number;
}

/** Calls `kill` with the mappings to kill (empty: all) whenever the signal arrives or the file appears; answers a stop function. */
export function watchKillSwitch(
  { signal, file, filePollIntervalMs = 1000 }: KillSwitchOptions,
  kill: (mappings: readonly string[]) => void,
): () => void {
  const onSignal = () => kill([]);
  if (signal) process.on(signal, onSignal);
  const fromFile = () => {
    if (!file) return;
    readFile(file, 'utf8', (error, text) => {
      if (error) return; // gone again, or not readable yet: the next change tells
      kill(
        text
          .split('\n')
          .map((line) => line.trim())
          .filter((line) => line !== ''),
      );
    });
  };
  // watchFile polls stat, so it works for a file that does not exist yet and on every filesystem.
  const onChange = (now: { mtimeMs: number }) => {
    if (now.mtimeMs > 0) fromFile();
  };
  if (file) watchFile(file, { interval: filePollIntervalMs, persistent: false }, onChange);
  fromFile();
  return () => {
    if (signal) process.off(signal, onSignal);
    if (file) unwatchFile(file, onChange);
  };
}
