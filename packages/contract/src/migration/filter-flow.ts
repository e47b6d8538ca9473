import safeRegex from 'safe-regex2';

/**
 * Keeps the flow entries whose key matches one of v1's `filterKeys`: `"/<regex>/<flags>"` literals (live callers
 * send `"/.*\/"`) or exact keys. No `filterKeys` keeps everything.
 */
export function filterFlow<T>(flow: Record<string, T>, filterKeys: readonly string[] | undefined): Record<string, T> {
  if (!filterKeys) return flow;
  const patterns = filterKeys.map(filterKeyPattern);
  return Object.fromEntries(Object.entries(flow).filter(([key]) => patterns.some((pattern) => pattern.test(key))));
}

/**
 * The pattern of one filter key; throws `SyntaxError` for a `/…/` literal that is not a valid expression or one
 * that could backtrack without end (the caller writes it, so it must not be able to stall the server). The
 * stateful flags `g` and `y` are dropped: with them `test` resumes where the previous key matched and skips keys.
 */
export function filterKeyPattern(key: string): RegExp {
  const literal = /^\/(.*)\/([a-z]*)$/.exec(key);
  if (!literal) return new RegExp(`^${key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
  const pattern = new RegExp(literal[1] ?? '', (literal[2] ?? '').replace(/[gy]/g, ''));
  if (!safeRegex(pattern)) throw new SyntaxError(`filter key ${key.slice(0, 40)} could backtrack without end`);
  return pattern;
}

/** Whether `filterKeyPattern` accepts `key`. */
export function isValidFilterKey(key: string): boolean {
  try {
    filterKeyPattern(key);
    return true;
  } catch {
    return false;
  }
}
