import { CodemodError } from '../errors/codemod-error.js';
import type { TextEdit } from '../plan/types.js';

/** Thrown when two edits of one file overlap: a planning bug, never resolved by guessing. */
export class OverlappingEditsError extends CodemodError {
  constructor(file: string, first: TextEdit, second: TextEdit) {
    super(`overlapping edits in ${file}: [${first.start}, ${first.end}) and [${second.start}, ${second.end})`);
    this.name = 'OverlappingEditsError';
  }
}

/** A text with its edits applied, and where code of the text as read is in it. */
export interface SplicedText {
  readonly text: string;
  /** The offset in `text` of the code at `offset` of the text as read; code an edit replaced is where its replacement starts. */
  offsetOf(offset: number): number;
}

/** Applies edits to `text`; identical duplicates (a shared literal edited for two sites) count once. */
export function applyEdits(file: string, text: string, edits: readonly TextEdit[]): SplicedText {
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
  // Each edit with where its text starts and ends in the result.
  const placed: { readonly edit: TextEdit; readonly from: number; readonly to: number }[] = [];
  for (const { edit } of sorted) {
    if (previous && edit.start < previous.end) throw new OverlappingEditsError(file, previous, edit);
    result += text.slice(cursor, edit.start);
    const from = result.length;
    result += edit.text;
    placed.push({ edit, from, to: result.length });
    cursor = edit.end;
    previous = edit;
  }
  const offsetOf = (offset: number): number => {
    let moved = offset;
    for (const { edit, from, to } of placed) {
      // Text inserted at the offset goes before the code there.
      if (edit.end <= offset) moved = to + offset - edit.end;
      else return edit.start <= offset ? from : moved;
    }
    return moved;
  };
  return { text: result + text.slice(cursor), offsetOf };
}
