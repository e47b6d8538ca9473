import { describe, expect, it } from 'vitest';
import { chunksUntilAborted } from '../src/http/chunks-until-aborted.js';

/** A source of `values` that then fails with `failure` (or ends), counting the times it is told to stop. */
function source(values: readonly string[], failure?: Error) {
  const told = { returns: 0 };
  let at = 0;
  const iterator: AsyncIterableIterator<string> = {
    next: async () => {
      if (at < values.length) return { done: false, value: values[at++] as string };
      if (failure) throw failure;
      return { done: true, value: undefined };
    },
    return: async () => {
      told.returns += 1;
      return { done: true, value: undefined };
    },
    [Symbol.asyncIterator]() {
      return this;
    },
  };
  return { iterator, told };
}

async function read(chunks: AsyncIterable<string>, stopAfter = Number.POSITIVE_INFINITY): Promise<string[]> {
  const seen: string[] = [];
  for await (const chunk of chunks) {
    seen.push(chunk);
    if (seen.length >= stopAfter) break;
  }
  return seen;
}

describe('chunksUntilAborted', () => {
  it('tells a source it stops reading, and not one that ended or failed by itself', async () => {
    const stopped = source(['a', 'b', 'c']);
    expect(await read(chunksUntilAborted(stopped.iterator, undefined), 2)).toEqual(['a', 'b']);
    expect(stopped.told.returns).toBe(1);
    const ended = source(['a']);
    expect(await read(chunksUntilAborted(ended.iterator, new AbortController().signal))).toEqual(['a']);
    expect(ended.told.returns).toBe(0);
    const failing = source(['a'], new Error('reset'));
    await expect(read(chunksUntilAborted(failing.iterator, undefined))).rejects.toThrow('reset');
    expect(failing.told.returns).toBe(0);
  });

  it('fails with the signal’s reason once it fires, and tells the source', async () => {
    const caller = new AbortController();
    const { iterator, told } = source(['a', 'b']);
    const chunks = chunksUntilAborted(iterator, caller.signal);
    const reading = (async () => {
      for await (const _ of chunks) caller.abort(new Error('caller left'));
    })();
    await expect(reading).rejects.toThrow('caller left');
    expect(told.returns).toBe(1);
  });
});
