import { readFile } from 'node:fs/promises';

/** What a JSON file holds, or why it cannot be had: its error code, or that it is not JSON (never quoting it). */
export type JsonFile = { readonly value: unknown } | { readonly unreadable: string } | { readonly notJson: true };

/**
 * Reads a JSON file as every command of the shim does: a leading byte-order mark, as Windows editors write one, is
 * no part of the JSON; a file that does not parse is said to be so without a word of its content, which may be a
 * secret.
 */
export async function readJsonFile(path: string): Promise<JsonFile> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    return { unreadable: (error as NodeJS.ErrnoException).code ?? (error as Error).message };
  }
  try {
    return { value: JSON.parse(text.replace(/^\uFEFF/, '')) };
  } catch {
    return { notJson: true };
  }
}
