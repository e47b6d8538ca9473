import { LineIndex } from '../parse/line-index.js';
import type { TextEdit } from '../plan/types.js';
import { applyEdits, type SplicedText } from './apply-edits.js';
import { nameLines } from './line-refs.js';

/**
 * The files of a run as its edits leave them, and the line where code of a file as read is in them: given no
 * edits, the files as read. Their texts have every line reference named (`lineRef`), each counted in the edited
 * files, so a marker names the line where the code it describes is after the run.
 */
export class EditedFiles {
  private readonly spliced = new Map<string, SplicedText & { readonly lines: LineIndex }>();

  constructor(
    private readonly texts: ReadonlyMap<string, string>,
    private readonly edits: ReadonlyMap<string, readonly TextEdit[]>,
  ) {}

  /** The file as the edits leave it, with its line references named; throws `OverlappingEditsError` for edits that overlap. */
  text(file: string): string | undefined {
    const spliced = this.splice(file);
    return spliced && this.name(spliced.text, file);
  }

  /** The line, in the edited file, of the code at `offset` of the file as read. */
  line(file: string, offset: number): number | undefined {
    const spliced = this.splice(file);
    return spliced?.lines.line(spliced.offsetOf(offset));
  }

  /** `text` with its line references named in the edited files, and its places as seen from `here` (see `nameLines`). */
  name(text: string, here?: string): string {
    return nameLines(text, (file, offset) => this.line(file, offset), here);
  }

  // Line references hold no line break, so the lines of the spliced text are those of the named one.
  private splice(file: string): (SplicedText & { readonly lines: LineIndex }) | undefined {
    const cached = this.spliced.get(file);
    if (cached) return cached;
    const text = this.texts.get(file);
    if (text === undefined) return undefined;
    const edits = this.edits.get(file) ?? [];
    const spliced = edits.length > 0 ? applyEdits(file, text, edits) : { text, offsetOf: (offset: number) => offset };
    const entry = { ...spliced, lines: new LineIndex(spliced.text) };
    this.spliced.set(file, entry);
    return entry;
  }
}
