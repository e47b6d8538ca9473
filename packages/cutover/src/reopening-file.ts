import { type FileHandle, open, stat } from 'node:fs/promises';

/** A file lines are appended to, in order, that follows its path when the file is renamed or removed (rotation). */
export interface ReopeningFile {
  /** Queues whole lines; they reach the file in order, each batch in one append. Resolves once written, rejects if dropped. */
  append(text: string): Promise<void>;
  /** Appends what is queued and closes the file. */
  close(): Promise<void>;
}

/** The file a handle has open, by device and inode, to tell whether the path still names it. */
interface Opened {
  readonly handle: FileHandle;
  readonly dev: number;
  readonly ino: number;
}

/**
 * Appends to `path`, created if missing. Before each batch it checks that the path still names the file it has
 * open, as logrotate's rename (or a removal) leaves it not: it then closes that file, whose writes are done, and
 * opens a new one at the path, so every line lands whole in one file or the other. The first error stops it:
 * `fail` hears it, and the lines queued then and later are dropped, each `append` rejecting with that error.
 */
export function reopeningFile(path: string, fail: (error: NodeJS.ErrnoException) => void): ReopeningFile {
  let opened: Opened | undefined;
  /** Lines waiting for the next batch, each with how its `append` is told it was written or dropped. */
  let queued: { readonly text: string; readonly written: () => void; readonly dropped: (error: unknown) => void }[] = [];
  let stoppedBy: NodeJS.ErrnoException | undefined;
  let writing: Promise<void> | undefined;
  let stopped = false;
  let closed = false;

  const openAt = async (): Promise<Opened> => {
    const handle = await open(path, 'a+');
    const { dev, ino, size } = await handle.stat();
    // A writer that stopped mid-line (a crash, a full disk) left a line without its newline: the next line starts
    // on a line of its own, or the two would be one line neither reader could read.
    if (size > 0) {
      const { buffer } = await handle.read(Buffer.alloc(1), 0, 1, size - 1);
      if (buffer[0] !== 0x0a) await handle.write('\n');
    }
    return { handle, dev, ino };
  };

  /** The open file while the path names it, else a new one at the path. */
  async function current(): Promise<FileHandle> {
    if (opened) {
      const named = await stat(path).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return undefined;
        throw error;
      });
      if (named?.dev === opened.dev && named.ino === opened.ino) return opened.handle;
      const previous = opened;
      opened = undefined;
      await previous.handle.close();
    }
    opened = await openAt();
    return opened.handle;
  }

  /** Writes what is queued, batch after batch; the first, empty when nothing is queued yet, opens the file early. */
  async function drain(): Promise<void> {
    do {
      const batch = queued;
      queued = [];
      try {
        const handle = await current();
        if (batch.length > 0) await handle.appendFile(batch.map((line) => line.text).join(''));
      } catch (error) {
        queued = [...batch, ...queued];
        throw error;
      }
      for (const line of batch) line.written();
    } while (queued.length > 0 && !stopped);
  }

  const stop = (error: NodeJS.ErrnoException) => {
    stopped = true;
    stoppedBy ??= error;
    const dropped = queued;
    queued = [];
    fail(error);
    for (const line of dropped) line.dropped(error);
  };

  /** One drain at a time; lines queued while one finishes start the next. */
  const kick = () => {
    if (writing || stopped) return;
    writing = drain()
      .catch(stop)
      .finally(() => {
        writing = undefined;
        if (queued.length > 0) kick();
      });
  };

  kick();
  return {
    append(text) {
      if (closed && !stopped) stop(new Error('the file is closed'));
      if (stopped) return Promise.reject(stoppedBy);
      return new Promise<void>((written, dropped) => {
        queued.push({ text, written, dropped });
        kick();
      });
    },
    async close() {
      closed = true;
      while (writing) await writing;
      const last = opened;
      opened = undefined;
      await last?.handle.close().catch(stop);
    },
  };
}
