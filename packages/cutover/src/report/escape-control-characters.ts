/**
 * Text as a terminal (or a page) should show it: control characters (and bidi overrides) from a record, which could
 * clear the screen, set the title or reorder the line, written as `\u{…}` escapes instead.
 */
export const escapeControlCharacters = (text: string): string =>
  text.replace(
    // biome-ignore lint/suspicious/noControlCharactersInRegex: matching them is the point.
    /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g,
    (char) => `\\u{${char.codePointAt(0)?.toString(16)}}`,
  );
