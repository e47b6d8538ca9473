/** A media type's parameters (RFC 9110 §5.6.6): `; name=token` or `; name="quoted string"`. */
const PARAMETER = /;\s*([!#$%&'*+.^_`|~\w-]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;\s]*))/g;

/** The `charset` parameter of a Content-Type value, unquoted; `undefined` when it names none. */
export function charsetOf(contentType: string): string | undefined {
  for (const [, name, quoted, token] of contentType.matchAll(PARAMETER)) {
    if (name?.toLowerCase() === 'charset') return quoted !== undefined ? quoted.replace(/\\(.)/g, '$1') : token;
  }
  return undefined;
}

/** UTF-8 without the byte-order mark a writer may put first. */
const utf8 = (bytes: Buffer): string => {
  const text = bytes.toString('utf8');
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
};

/**
 * Reads a body's bytes as text in `charset` (UTF-8 when none is declared, as RFC 8259 has JSON), or `undefined`
 * when the platform's `TextDecoder` does not know that charset. Bytes that are invalid in it become U+FFFD, as
 * invalid UTF-8 always has. A leading byte-order mark is dropped, as RFC 8259 §8.1 lets a parser do: .NET's
 * `StreamWriter` with `Encoding.UTF8`, common in legacy callers, writes one before the JSON.
 */
export function bodyTextDecoder(charset: string | undefined): ((bytes: Buffer) => string) | undefined {
  if (charset === undefined) return utf8;
  let decoder: TextDecoder;
  try {
    decoder = new TextDecoder(charset);
  } catch {
    return undefined; // a RangeError: an unknown label, or one the Encoding Standard maps to "replacement"
  }
  return decoder.encoding === 'utf-8' ? utf8 : (bytes) => decoder.decode(bytes);
}

/**
 * The content codings of a Content-Encoding value other than `identity`: what would have to be undone before the
 * body could be read. Empty for none.
 */
export const contentCodingsOf = (contentEncoding: string | null): string[] =>
  (contentEncoding ?? '')
    .split(',')
    .map((coding) => coding.trim())
    .filter((coding) => coding !== '' && coding.toLowerCase() !== 'identity');
