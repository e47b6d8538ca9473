import { readFile, stat } from 'node:fs/promises';

/** Ways to pull the kill switch besides `cutover.kill()`. */
export interface KillSwitchOptions {
  /** A signal that kills every mapping, e.g. `SIGUSR2`. @default none */
  signal?: NodeJS.Signals;
  /**
   * A file that kills the mappings named in it, one per line, or every mapping when it is empty: read at start
   * (a kill outlives a restart while the file exists; new journeys wait for that first read) and whenever it
   * appears or changes. @default none
   */
  file?: string;
  /** How often the file is looked at, ms. @default 1000 */
  filePollIntervalMs?: number;
}

/** A running kill switch. */
export interface KillSwitch {
  /** Settles once the file, if any, has been looked at for the first time and what it named has been killed. */
  readonly started: Promise<void>;
  stop(): void;
}

/**
 * Calls `kill` with the mappings to kill (empty: all) whenever the signal arrives or the file appears. A file that
 * is there but cannot be read (its permissions, a directory at its path) kills every mapping, after `unreadable` is
 * told why: an operator who made it meant a kill, and a kill switch errs towards v1. `kill` answers when the kill
 * has taken effect here, which `started` waits for at the first look.
 */
export function watchKillSwitch(
  { signal, file, filePollIntervalMs = 1000 }: KillSwitchOptions,
  kill: (mappings: readonly string[]) => Promise<unknown> | undefined,
  unreadable: (error: NodeJS.ErrnoException) => void,
): KillSwitch {
  const onSignal = () => void kill([]);
  if (signal) process.on(signal, onSignal);
  /** Reads the file and kills what it names; `false` when it may still be being written, to look again. */
  const fromFile = async (path: string, mtimeMs: number, first: boolean): Promise<boolean> => {
    // `echo data-check > kill` empties the file before it writes, and a write may land in parts: a file changed
    // within the last look may be read in between, as empty (every mapping) or as a cut-off name (none known:
    // every mapping). It is read once it has been still for a look (at start, a kill is never put off).
    if (!first && Date.now() - mtimeMs < filePollIntervalMs) return false;
    let text: string;
    try {
      text = await readFile(path, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return true; // gone again: the next change tells
      unreadable(error as NodeJS.ErrnoException);
      await kill([]);
      return true;
    }
    const names = text
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line !== '');
    await kill(names);
    return true;
  };
  // Polled with stat, so it works for a file that does not exist yet and on every filesystem. Not `fs.watchFile`: its
  // first stat is its baseline, so a file made between the first read and that stat was never seen (until changed).
  let seenMtimeMs: number | undefined;
  const look = async (first = false): Promise<void> => {
    if (!file) return;
    const mtimeMs = await stat(file).then(
      (stats) => stats.mtimeMs,
      () => 0,
    );
    if (mtimeMs === seenMtimeMs) return;
    seenMtimeMs = mtimeMs;
    if (mtimeMs > 0 && !(await fromFile(file, mtimeMs, first))) seenMtimeMs = undefined;
  };
  const poll = file ? setInterval(() => void look().catch(() => {}), filePollIntervalMs).unref() : undefined;
  return {
    started: look(true).catch(() => {}),
    stop() {
      if (signal) process.off(signal, onSignal);
      clearInterval(poll);
    },
  };
}
