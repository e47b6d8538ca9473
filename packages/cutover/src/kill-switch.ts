import { readFile, stat } from 'node:fs';

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

/**
 * Calls `kill` with the mappings to kill (empty: all) whenever the signal arrives or the file appears; answers a stop
 * function. A file that is there but cannot be read (its permissions, a directory at its path) kills every mapping,
 * after `unreadable` is told why: an operator who made it meant a kill, and a kill switch errs towards v1.
 */
export function watchKillSwitch(
  { signal, file, filePollIntervalMs = 1000 }: KillSwitchOptions,
  kill: (mappings: readonly string[]) => void,
  unreadable: (error: NodeJS.ErrnoException) => void,
): () => void {
  const onSignal = () => kill([]);
  if (signal) process.on(signal, onSignal);
  const fromFile = () => {
    if (!file) return;
    readFile(file, 'utf8', (error, text) => {
      if (error?.code === 'ENOENT') return; // gone again: the next change tells
      if (error) {
        unreadable(error);
        return kill([]);
      }
      kill(
        text
          .split('\n')
          .map((line) => line.trim())
          .filter((line) => line !== ''),
      );
    });
  };
  // Polled with stat, so it works for a file that does not exist yet and on every filesystem. Not `fs.watchFile`: its
  // first stat is its baseline, so a file made between the first read and that stat was never seen (until changed).
  let seenMtimeMs: number | undefined;
  const look = () => {
    if (!file) return;
    stat(file, (error, stats) => {
      const mtimeMs = error ? 0 : stats.mtimeMs;
      if (mtimeMs === seenMtimeMs) return;
      seenMtimeMs = mtimeMs;
      if (mtimeMs > 0) fromFile();
    });
  };
  const poll = file ? setInterval(look, filePollIntervalMs).unref() : undefined;
  look();
  return () => {
    if (signal) process.off(signal, onSignal);
    clearInterval(poll);
  };
}
