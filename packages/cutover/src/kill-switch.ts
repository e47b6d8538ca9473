import { readFile, stat } from 'node:fs/promises';
import { setTimeout as delay } from 'node:timers/promises';

/** How long apart two reads of a changed kill file must agree, ms, and how many times it is read again at most. */
const SETTLE_MS = 50;
const SETTLE_TRIES = 5;

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
  /** The file's text, or why it could not be read. */
  const readText = (path: string): Promise<string | NodeJS.ErrnoException> =>
    readFile(path, 'utf8').catch((error: NodeJS.ErrnoException) => error);
  /**
   * Reads the file and kills what it names. `echo data-check > kill` empties the file before it writes, and a write
   * may land in parts: read in between, the file would name no mapping, which kills every one. So a change is read
   * until two reads a moment apart agree (a file removed meanwhile is taken as last read); at start, at once.
   */
  const fromFile = async (path: string, first: boolean): Promise<void> => {
    let text = await readText(path);
    for (let tries = 0; !first && typeof text === 'string' && tries < SETTLE_TRIES; tries++) {
      await delay(Math.min(SETTLE_MS, filePollIntervalMs));
      const again = await readText(path);
      if (typeof again !== 'string' || again === text) break;
      text = again;
    }
    if (typeof text !== 'string') {
      if (text.code === 'ENOENT') return; // gone again: the next change tells
      unreadable(text);
      await kill([]);
      return;
    }
    await kill(
      text
        .split('\n')
        .map((line) => line.trim())
        .filter((line) => line !== ''),
    );
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
    if (mtimeMs > 0) await fromFile(file, first);
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
