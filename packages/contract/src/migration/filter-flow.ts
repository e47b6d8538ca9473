/**
 * Keeps the flow entries whose key matches one of v1's `filterKeys`: `"/<regex>/<flags>"` literals (live callers
 * send `"/.*\/"`) or exact keys. No `filterKeys` keeps everything.
 */
export function filterFlow<T>(flow: Record<string, T>, filterKeys: readonly string[] | undefined): Record<string, T> {
  if (!filterKeys) return flow;
  const patterns = filterKeys.map(filterKeyPattern);
  return Object.fromEntries(Object.entries(flow).filter(([key]) => patterns.some((pattern) => pattern.test(key))));
}

/** The pattern of one filter key; throws `SyntaxError` for a `/…/` literal that is not a valid expression. */
export function filterKeyPattern(key: string): RegExp {
  const literal = /^\/(.*)\/([a-z]*)$/.exec(key);
  return literal ? new RegExp(literal[1] ?? '', literal[2]) : new RegExp(`^${key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
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
