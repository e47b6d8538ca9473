import { addAbortListener } from 'node:events';

/**
 * A request body's chunks as they arrive, failing with the signal's reason as soon as it fires: a caller still
 * sending when the server stops waiting is answered at once instead of being waited for until its connection is cut.
 * Stopped early, with a signal or without, the source is told without being waited for.
 */
export async function* chunksUntilAborted<T>(chunks: AsyncIterable<T> | Iterable<T>, signal: AbortSignal | undefined): AsyncGenerator<T> {
  signal?.throwIfAborted();
  const iterator = Symbol.asyncIterator in chunks ? chunks[Symbol.asyncIterator]() : chunks[Symbol.iterator]();
  let abort: (reason: unknown) => void = () => {};
  const aborted = new Promise<never>((_, reject) => {
    abort = reject;
  });
  // Raced against each chunk, it is handled there; a signal that fires once the body is read is no one's error.
  aborted.catch(() => {});
  // The listener goes with the request: a kept-alive connection's signal outlives many of them.
  const listener = signal && addAbortListener(signal, () => abort(signal.reason));
  let finished = false;
  try {
    while (true) {
      signal?.throwIfAborted();
      const next = Promise.resolve(iterator.next());
      // Once the signal has won, the chunk still awaited may fail when the connection is cut: that is no one's error.
      next.catch(() => {});
      let result: IteratorResult<T>;
      try {
        result = await Promise.race([next, aborted]);
      } catch (error) {
        // A source that failed has stopped: only one stopped by the signal is told.
        if (!signal?.aborted) finished = true;
        throw error;
      }
      if (result.done) {
        finished = true;
        return;
      }
      yield result.value;
    }
  } finally {
    listener?.[Symbol.dispose]();
    // Stopped early (past the body limit, or aborted): the source is told, as a for-await loop would tell it.
    if (!finished) void Promise.resolve(iterator.return?.()).catch(() => {});
  }
}
