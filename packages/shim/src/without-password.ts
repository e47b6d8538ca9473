/**
 * `redis://user:***@host`: the text of a URL without the password of its userinfo. Text, not `URL`: the value
 * shown in an error is often one that failed to parse (a port out of range, say, or a forgotten `redis://`), and its
 * password must go all the same.
 */
export const withoutPassword = (text: string): string =>
  // A `scheme://` is taken whole when there is one, so the colon after the scheme is never read as the password's.
  text.replace(/^((?:[^:/?#]+:\/\/|(?![^:/?#]+:\/\/))[^:@/?#]*):.*@/s, '$1:***@');
