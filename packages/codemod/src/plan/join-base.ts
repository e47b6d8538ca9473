import { concat, type Part, type StaticValue } from '../analysis/static-value.js';

const SEPARATOR: Part = { kind: 'text', value: '/' };

/** The last (or first) part with text in it: template literals leave empty quasis around their holes. */
const edgePart = (parts: readonly Part[], fromEnd: boolean): Part | undefined =>
  (fromEnd ? [...parts].reverse() : parts).find((part) => part.kind === 'hole' || part.value !== '');

/**
 * A request's URL under its instance's base. axios (`baseURL`), got and ky (`prefixUrl`) put one slash between the
 * two, so `…/captain/api/journey` and `task/list` name `…/captain/api/journey/task/list`; where either end is only
 * known at run time, the two are kept as they are.
 */
export function joinBase(base: StaticValue, path: StaticValue, sourceText: string): StaticValue {
  if (base.kind !== 'string' || path.kind !== 'string') return concat([base, path], sourceText);
  const last = edgePart(base.parts, true);
  const first = edgePart(path.parts, false);
  const needsSlash =
    last?.kind === 'text' &&
    !last.value.endsWith('/') &&
    first?.kind === 'text' &&
    !first.value.startsWith('/') &&
    !/^[a-z][a-z\d+.-]*:/i.test(first.value);
  return needsSlash ? { kind: 'string', parts: [...base.parts, SEPARATOR, ...path.parts] } : concat([base, path], sourceText);
}
