import { lstat, readFile, stat } from 'node:fs/promises';

/**
 * A source file's text, or why the codemod leaves the file alone without reading it as source, with its text when
 * it is a small text file all the same (read-only, or not UTF-8: read as Latin-1), for what it imports.
 */
export type SourceRead = { readonly text: string } | { readonly refused: string; readonly scanText?: string };

/** Largest refused file read for what it imports. */
const SCAN_LIMIT_BYTES = 16 * 1024 * 1024;

/** Bytes of a file's start looked at for a NUL, as git does to tell binary from text. */
const BINARY_PROBE_BYTES = 8000;

// `ignoreBOM`: a byte-order mark stays in the text, so a rewritten file keeps it.
const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/**
 * Reads `path` as UTF-8 source, refusing what the codemod must not rewrite: a symbolic link (its target is
 * migrated where it lives, if it lies in the tree at all), anything but a regular file, a file over `maxBytes`
 * (generated or bundled code), a read-only file (someone meant it to stay as it is), a binary file, and text
 * that is not UTF-8 (writing it back as UTF-8 would change bytes the codemod never meant to touch).
 */
export async function readSource(path: string, maxBytes: number): Promise<SourceRead> {
  try {
    const info = await lstat(path);
    if (info.isSymbolicLink()) {
      const target = await stat(path).catch(() => undefined);
      return {
        refused: target
          ? 'a symbolic link: its target is migrated where it lives'
          : 'a symbolic link to nothing (its target does not exist)',
      };
    }
    if (!info.isFile()) return { refused: 'not a regular file' };
    if (info.size > maxBytes) {
      const refused = `larger than ${maxBytes} bytes: generated or bundled code is not migrated`;
      // Read all the same up to a bound, for what it imports: its v1 calls must not lose the base they share.
      if (info.size > SCAN_LIMIT_BYTES) return { refused };
      const bytes = await readFile(path);
      return bytes.subarray(0, BINARY_PROBE_BYTES).includes(0) ? { refused } : { refused, scanText: bytes.toString('utf8') };
    }
    const bytes = await readFile(path);
    if (bytes.subarray(0, BINARY_PROBE_BYTES).includes(0)) return { refused: 'binary: not source text' };
    let text: string;
    try {
      text = utf8.decode(bytes);
    } catch {
      return { refused: 'not UTF-8 text: rewriting it would change its other bytes', scanText: bytes.toString('latin1') };
    }
    return (info.mode & 0o222) === 0 ? { refused: 'read-only: left as it is', scanText: text } : { text };
  } catch (error) {
    return { refused: `cannot read: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}` };
  }
}
