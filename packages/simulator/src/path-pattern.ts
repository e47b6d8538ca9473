/**
 * Compiles a path pattern, where `*` matches any run of characters including `/`, into a matcher.
 *
 * Matching walks the literal parts with `indexOf` instead of a regular expression: the leftmost place for each
 * part is always a right choice when `*` is the only wildcard, so no backtracking is needed and a hostile pattern
 * such as `**********X` costs one pass per part rather than exponential time. Glob libraries (picomatch and the
 * like) were not used: their `*` stops at `/` and they give `?`, `[` and `{` meanings these patterns must not have.
 */
export function pathMatcher(pattern: string): (path: string) => boolean {
  if (!pattern.includes('*')) return (path) => path === pattern;
  const parts = pattern.split('*');
  const head = parts[0] ?? '';
  const tail = parts[parts.length - 1] ?? '';
  const middle = parts.slice(1, -1).filter((part) => part !== '');
  const minimumLength = head.length + tail.length + middle.reduce((sum, part) => sum + part.length, 0);
  return (path) => {
    if (path.length < minimumLength || !path.startsWith(head) || !path.endsWith(tail)) return false;
    let from = head.length;
    const end = path.length - tail.length;
    for (const part of middle) {
      const at = path.indexOf(part, from);
      if (at === -1 || at + part.length > end) return false;
      from = at + part.length;
    }
    return true;
  };
}
