/** A media type's parameters (RFC 9110 §5.6.6): `; name=token` or `; name="quoted string"`. */
const PARAMETER = /;\s*([!#$%&'*+.^_`|~\w-]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;\s]*))/g;

/** The `charset` parameter of a Content-Type value, unquoted; `undefined` when it names none. */
export function charsetOf(contentType: string): string | undefined {
  for (const [, name, quoted, token] of contentType.matchAll(PARAMETER)) {
    if (name?.toLowerCase() === 'charset') return quoted !== undefined ? quoted.replace(/\\(.)/g, '$1') : token;
  }
  return undefined;
}

/**
 * The text of `bytes` in `decoder`'s encoding, or `undefined` where they are not valid in it: decoded leniently,
 * the invalid bytes would become U+FFFD in a subject's name (`Zoë` written in Latin-1 with no charset declared), and
 * the journey would verify a name nobody has.
 */
function strictly(decoder: TextDecoder): (bytes: Buffer) => string | undefined {
  return (bytes) => {
    try {
      return decoder.decode(bytes);
    } catch {
      return undefined; // a TypeError of the fatal decoder
    }
  };
}

/**
 * Reads a body's bytes as text in `charset` (UTF-8 when none is declared, as RFC 8259 has JSON), or `undefined`
 * when the platform's `TextDecoder` does not know that charset. The reader answers `undefined` for bytes that are
 * not valid in it, which its caller refuses. A leading byte-order mark is dropped, as RFC 8259 §8.1 lets a parser
 * do: .NET's `StreamWriter` with `Encoding.UTF8`, common in legacy callers, writes one before the JSON.
 */
export function bodyTextDecoder(charset: string | undefined): ((bytes: Buffer) => string | undefined) | undefined {
  let decoder: TextDecoder;
  try {
    decoder = new TextDecoder(charset ?? 'utf-8', { fatal: true });
  } catch {
    return undefined; // a RangeError: an unknown label, or one the Encoding Standard maps to "replacement"
  }
  if (decoder.encoding === 'windows-1252') return windows1252;
  return strictly(decoder);
}

/** Why a body whose bytes are not valid in its charset is refused: never quoting them, which may be identity data. */
export const notValidIn = (charset: string | undefined): string =>
  charset === undefined
    ? 'the request body is not valid UTF-8: send UTF-8, or declare the charset it is written in (application/json; charset=windows-1252)'
    : `the request body is not valid ${JSON.stringify(charset.slice(0, 40))}: send it in the charset Content-Type declares`;

/**
 * The 32 characters windows-1252 puts at 0x80–0x9F (its other bytes are Latin-1's code points); the 5 it leaves
 * undefined map to the C1 control of their byte, as the Encoding Standard has them.
 */
const WINDOWS_1252_C1 =
  '\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f' +
  '\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178';

/**
 * windows-1252, the decoding the Encoding Standard gives `ISO-8859-1`, `latin1` and `windows-1252` alike. Node's
 * `TextDecoder` (20.18.3+ and 22.13+) decodes these labels as plain Latin-1, which turns `’`, `–` and `€` from .NET
 * and Java callers into invisible C1 controls in a subject's name.
 */
function windows1252(bytes: Buffer): string {
  const text = bytes.toString('latin1');
  return /[\x80-\x9f]/.test(text) ? text.replace(/[\x80-\x9f]/g, (c1) => WINDOWS_1252_C1[c1.charCodeAt(0) - 0x80] ?? c1) : text;
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
