import { basename, dirname, relative } from 'node:path';

/**
 * A line named in a reason is written as a reference to a file and an offset in it as read, and becomes a number
 * only once every edit of every file is known (`EditedFiles`): markers and other files' markers move the code
 * down. Private-use characters delimit it, and the path is percent-encoded: it holds no line break, and cannot end
 * the block comment of a marker.
 */
const REF = /\uE000(\d+)\uE001([^\uE002]*)\uE002/g;

/** A place: a line reference that names its file too, as seen from the file the text is written in. */
const PLACE = /\uE003(\d+)\uE001([^\uE002]*)\uE002/g;

/** The line of the code at `offset` of `file` as read, to name in a reason. */
export function lineRef(file: string, offset: number): string {
  return `\uE000${offset}\uE001${encodeURIComponent(file)}\uE002`;
}

/**
 * `line N of <file>` for the code at `offset` of `file` as read: the file named as seen from the one the text is
 * written in (`this file`, or a relative path: a monorepo has many `index.ts`).
 */
export function placeRef(file: string, offset: number): string {
  return `\uE003${offset}\uE001${encodeURIComponent(file)}\uE002`;
}

/**
 * `text` with each line reference replaced by the line `lineOf` names (`?` for a file it does not know), and each
 * place by its line and its file as seen from `here`, the file the text is written in (by its name alone when the
 * text is in none, as a report's flow is).
 */
export function nameLines(text: string, lineOf: (file: string, offset: number) => number | undefined, here?: string): string {
  const line = (offset: string, file: string) => String(lineOf(file, Number(offset)) ?? '?');
  return text
    .replace(REF, (_, offset: string, file: string) => line(offset, decodeURIComponent(file)))
    .replace(PLACE, (_, offset: string, encoded: string) => {
      const file = decodeURIComponent(encoded);
      return `line ${line(offset, file)} of ${seenFrom(file, here)}`;
    });
}

/** A file as seen from another: `this file`, or a relative path that cannot end a comment (markers never carry machine paths). */
export function seenFrom(file: string, here: string | undefined): string {
  const path = here === undefined ? basename(file) : file === here ? 'this file' : relative(dirname(here), file);
  return path.replace(/[\r\n\u2028\u2029]/g, ' ').replaceAll('*/', '* /');
}
