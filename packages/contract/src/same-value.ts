/**
 * Helpers for the one form every spelling of a value shares, so that data sent again in another spelling is not
 * taken for a correction (v2 keeps the first value of an element, and the adapter refuses another one).
 */

/** `value` with the surrounding whitespace of every string in it trimmed, all the way down. */
export function trimmedStrings(value: unknown): unknown {
  if (typeof value === 'string') return value.trim();
  if (Array.isArray(value)) return value.map(trimmedStrings);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, trimmedStrings(inner)]));
  }
  return value;
}

/** The calendar day a date names as written (`1985-12-10` of `1985-12-10T00:00:00Z`); another value trimmed. */
export function dayOf(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  return /^\s*(\d{4}-\d{2}-\d{2})(?:T|\s*$)/.exec(value)?.[1] ?? value.trim();
}
