import { CodemodError } from '../errors/codemod-error.js';
import type { TextEdit } from '../plan/types.js';

/** Thrown when two edits of one file overlap: a planning bug, never resolved by guessing. */
export class OverlappingEditsError extends CodemodError {
  constructor(file: string, first: TextEdit, second: TextEdit) {
    super(`overlapping edits in ${file}: [${first.start}, ${first.end}) and [${second.start}, ${second.end})`);
    this.name = 'OverlappingEditsError';
  }
}

/** Applies edits to `text`; identical duplicates (a shared literal edited for two sites) count once. */
export function applyEdits(file: string, text: string, edits: readonly TextEdit[]): string {
  const unique = new Map<string, TextEdit>();
  for (const edit of edits) unique.set(`${edit.start}:${edit.end}:${edit.text}`, edit);
  // At one offset insertions go before a replacement, and keep the order they were planned in.
  const width = (edit: TextEdit) => (edit.end > edit.start ? 1 : 0);
  const sorted = [...unique.values()]
    .map((edit, index) => ({ edit, index }))
    .sort((a, b) => a.edit.start - b.edit.start || width(a.edit) - width(b.edit) || a.index - b.index);
  let result = '';
  let cursor = 0;
  let previous: TextEdit | undefined;
  for (const { edit } of sorted) {
    if (previous && edit.start < previous.end) throw new OverlappingEditsError(file, previous, edit);
    result += text.slice(cursor, edit.start) + edit.text;
    cursor = edit.end;
    previous = edit;
  }
  return result + text.slice(cursor);
}
