import { randomBytes } from 'node:crypto';
import { link, rename, stat, unlink, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/** A file's new text, written in full beside it, waiting to take its place. */
export interface StagedWrite {
  readonly file: string;
  /** Puts the text in place at once: renamed over the file, or linked as a new one (never over one made meanwhile). */
  commit(): Promise<void>;
  /** Removes the staged text; the file stays as it was. */
  discard(): Promise<void>;
}

/**
 * Writes `text` to a temporary file in `path`'s directory (with `path`'s mode, when it exists): every file of a run
 * is staged before any takes its place, so a file that cannot be written is known while nothing has changed yet.
 */
export async function stageWrite(path: string, text: string, { create }: { create: boolean }): Promise<StagedWrite> {
  const temporary = join(dirname(path), `.${basename(path)}.${randomBytes(6).toString('hex')}.journey-codemod`);
  const mode = create ? undefined : (await stat(path)).mode;
  const discard = () => unlink(temporary).catch(() => undefined);
  try {
    await writeFile(temporary, text, { flag: 'wx', ...(mode === undefined ? {} : { mode }) });
  } catch (error) {
    await discard();
    throw error;
  }
  const commit = async () => {
    try {
      if (!create) return await rename(temporary, path);
      await link(temporary, path);
    } catch (error) {
      await discard();
      throw error;
    }
    await discard();
  };
  return { file: path, commit, discard };
}
