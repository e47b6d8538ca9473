/**
 * A line named in a reason is written as a reference to a file and an offset in it as read, and becomes a number
 * only once every edit of every file is known (`EditedFiles`): markers and other files' markers move the code
 * down. Private-use characters delimit it, and the path is percent-encoded: it holds no line break, and cannot end
 * the block comment of a marker.
 */
const REF = /\uE000(\d+)\uE001([^\uE002]*)\uE002/g;

/** The line of the code at `offset` of `file` as read, to name in a reason. */
export function lineRef(file: string, offset: number): string {
  return `\uE000${offset}\uE001${encodeURIComponent(file)}\uE002`;
}

/** `text` with each line reference replaced by the line `lineOf` names (`?` for a file it does not know). */
export function nameLines(text: string, lineOf: (file: string, offset: number) => number | undefined): string {
  return text.replace(REF, (_, offset: string, file: string) => String(lineOf(decodeURIComponent(file), Number(offset)) ?? '?'));
}
