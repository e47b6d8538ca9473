/**
 * Deepest nesting of arrays and objects a request body may have. Real bodies nest a handful of levels
 * (`context.subject.documents[0].side1Image` is five); bounding it keeps recursive work such as
 * `JSON.stringify` and schema validation from overflowing the stack on hostile input.
 */
export const MAX_JSON_DEPTH = 64;

/**
 * Whether a parsed JSON value nests arrays or objects deeper than `limit`. Iterative, so the check itself
 * cannot overflow the stack however deep the value is.
 */
export function exceedsJsonDepth(value: unknown, limit = MAX_JSON_DEPTH): boolean {
  const pending: Array<[unknown, number]> = [[value, 1]];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const [node, depth] = next;
    if (node === null || typeof node !== 'object') continue;
    if (depth > limit) return true;
    for (const child of Object.values(node)) if (child !== null && typeof child === 'object') pending.push([child, depth + 1]);
  }
  return false;
}
